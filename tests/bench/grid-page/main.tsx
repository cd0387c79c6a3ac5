/**
 * Bench-only page for tests/bench/grid.ts: 10,000 plan-task rows (10 declared columns) in the
 * editable grid (?mode=grid) or in a virtual antd Table with the same columns (?mode=table). The
 * page records its own figures on window.__bench for the driver to read.
 */
import { Table } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createRecordAjv } from '../../../runtime/model/declaration/record-validator';
import { buildEntityModel } from '../../../runtime/model/declaration/model';
import { propertySchema } from '../../../runtime/model/declaration/record-schema';
import type { Declaration } from '../../../runtime/model/declaration/types';
import type { EditableGridHandle } from '../../../runtime/render/grid/EditableGrid';
import fixture from '../../../runtime/render/grid/fixtures/plan-task.json';

type GridModule = typeof import('../../../runtime/render/grid/EditableGrid');
const LazyGrid = lazy(() => import('../../../runtime/render/grid/EditableGrid'));
/** The grid's chunk, fetched before the clock starts (see start()). */
let loaded: GridModule | null = null;

interface Bench {
  started: number;
  renderMs?: number;
  validateMs?: number;
  validateFailures?: number;
  baselineValidateMs?: number;
  baselineFailures?: number;
}
const bench: Bench = { started: 0 };
(window as unknown as { __bench: Bench }).__bench = bench;

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'grid';
/**
 * `&lazy`: render through lazy() + Suspense as a screen does. React 19 then holds the revealed
 * boundary until 300 ms after its fallback showed (its FALLBACK_THROTTLE_MS), whatever the grid
 * costs; without it the page renders the component of the already fetched chunk.
 */
const viaLazy = params.has('lazy');
const count = Number(params.get('rows') ?? 10_000);
const model = buildEntityModel(fixture as unknown as Declaration);
const EXCLUDE = ['planId'];
const PRIORITIES = ['1', '2', '3'];

const ROWS = Array.from({ length: count }, (_, i) => ({
  id: `t${i}`,
  planId: 'p1',
  taskName: `任务${i + 1}`,
  owner: i % 7 === 0 ? '' : `138${String(i).padStart(8, '0')}`,
  quantity: (i % 13) + 0.5,
  priority: PRIORITIES[i % 3],
  done: i % 2 === 0 ? '1' : '0',
  startDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-01`,
  deadline: `2025-${String((i % 12) + 1).padStart(2, '0')}-20 18:00:00`,
  keyTask: i % 5 === 0 ? 'Y' : 'N',
  label: i % 3 === 0 ? '调研;访谈' : '',
  orderNum: i + 1,
}));

/** Calls `done` once rows of the given selector are painted (two frames after they appear). */
function whenPainted(selector: string, done: () => void) {
  const poll = () => {
    if (document.querySelector(selector)) requestAnimationFrame(() => requestAnimationFrame(done));
    else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

function GridMode() {
  const grid = useRef<EditableGridHandle>(null);
  useEffect(() => {
    whenPainted('.tabulator-row', () => {
      bench.renderMs = performance.now() - bench.started;
    });
  }, []);
  const validate = () => {
    const t = performance.now();
    const first = grid.current?.validate();
    bench.validateMs = performance.now() - t;
    bench.validateFailures = first ? 1 : 0;
  };
  return (
    <>
      <button id="validate" onClick={validate}>
        validate
      </button>
      {viaLazy || !loaded ? (
        <Suspense fallback={null}>
          <LazyGrid model={model} rows={ROWS} exclude={EXCLUDE} caseId="bench_" gridRef={grid} />
        </Suspense>
      ) : (
        <loaded.EditableGrid model={model} rows={ROWS} exclude={EXCLUDE} caseId="bench_" gridRef={grid} />
      )}
    </>
  );
}

/**
 * The baseline of validate-all: the same 10,000 records through each field's compiled property
 * schema (what a form runs in the browser, where ajv compiles property schemas only).
 */
function baselineValidate() {
  const ajv = createRecordAjv();
  const checks = model.declared
    .filter((f) => f.writable && !EXCLUDE.includes(f.name))
    .map((f) => ({ name: f.name, check: ajv.compile(propertySchema(f)) }));
  const t = performance.now();
  let failures = 0;
  for (const row of ROWS) {
    const values = row as Record<string, unknown>;
    for (const { name, check } of checks) if (!check(values[name])) failures += 1;
  }
  bench.baselineValidateMs = performance.now() - t;
  bench.baselineFailures = failures;
}

function TableMode() {
  useEffect(() => {
    whenPainted('.ant-table-row', () => {
      bench.renderMs = performance.now() - bench.started;
    });
  }, []);
  const columns = model.declared
    .filter((f) => !EXCLUDE.includes(f.name))
    .map((f) => ({ title: f.title, dataIndex: f.name, key: f.name, width: 120 }));
  return (
    <>
      <button id="validate" onClick={baselineValidate}>
        validate
      </button>
      <Table
        virtual
        rowKey="id"
        columns={columns}
        dataSource={ROWS}
        pagination={false}
        scroll={{ x: 1400, y: 400 }}
      />
    </>
  );
}

/** The grid's lazy chunk is fetched first, so the figure is rendering, not the network. */
async function start() {
  if (mode === 'grid') loaded = await import('../../../runtime/render/grid/EditableGrid');
  bench.started = performance.now();
  createRoot(document.getElementById('root') as HTMLElement).render(
    mode === 'grid' ? <GridMode /> : <TableMode />,
  );
}
void start();
