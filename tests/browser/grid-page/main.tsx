/**
 * Test-only page for tests/browser/grid-core.test.ts: the editable grid over the plan-task fixture,
 * loaded lazily the way a screen will load it, with the grid's state printed for the test to read;
 * `?kinds` shows the equipment grid (kinds.tsx), `?tree` / `?sub` tree rows and sub-tables (tree.tsx).
 */
import { Button, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { lazy, StrictMode, Suspense, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { buildEntityModel } from '../../../runtime/model/declaration/model';
import type { Declaration } from '../../../runtime/model/declaration/types';
import type { GridState } from '../../../runtime/model/grid/rows';
import type { EditableGridHandle } from '../../../runtime/render/grid/EditableGrid';
import fixture from '../../../runtime/render/grid/fixtures/plan-task.json';
import { KindsPage } from './kinds';
import { TreePage } from './tree';

const EditableGrid = lazy(() => import('../../../runtime/render/grid/EditableGrid'));

const model = buildEntityModel(fixture as unknown as Declaration);
const EXCLUDE = ['planId'];
const SAVED = [
  {
    id: 't1',
    planId: 'p1',
    taskName: '需求调研',
    owner: '13812345678',
    quantity: 2,
    priority: '1',
    done: '1',
    startDate: '2025-03-01',
    deadline: '2025-03-05 18:00:00',
    keyTask: 'Y',
    label: '调研;访谈',
    orderNum: 1,
  },
  {
    id: 't2',
    planId: 'p1',
    taskName: '方案设计',
    owner: '',
    quantity: 3,
    priority: '2',
    done: '0',
    startDate: '2025-03-06',
    deadline: '2025-03-10 18:00:00',
    keyTask: 'N',
    label: '',
    orderNum: 2,
  },
];

function Page() {
  const grid = useRef<EditableGridHandle>(null);
  const [state, setState] = useState<GridState | null>(null);
  const [check, setCheck] = useState('');
  const [payload, setPayload] = useState('');
  const changed = (next: GridState) => {
    setState(next);
    setPayload(JSON.stringify(grid.current?.payload() ?? null));
  };
  const summary = state && {
    rows: state.rows.length,
    added: state.added.length,
    edited: state.edited,
    removed: state.removed,
  };
  return (
    <div style={{ padding: 24, width: 1520 }}>
      <Suspense fallback={<div>加载中</div>}>
        <EditableGrid
          model={model}
          rows={SAVED}
          exclude={EXCLUDE}
          caseId="grid1_"
          gridRef={grid}
          onChange={changed}
        />
      </Suspense>
      <Button
        id="validate"
        style={{ marginTop: 12 }}
        onClick={() => setCheck(JSON.stringify(grid.current?.validate() ?? null))}
      >
        校验
      </Button>
      <pre id="grid-check">{check}</pre>
      <pre id="grid-state">{JSON.stringify(summary)}</pre>
      <pre id="grid-payload" style={{ whiteSpace: 'pre-wrap' }}>
        {payload}
      </pre>
    </div>
  );
}

const query = new URLSearchParams(location.search);
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      {query.has('kinds') ? (
        <KindsPage />
      ) : query.has('tree') || query.has('sub') ? (
        <TreePage sub={query.has('sub')} />
      ) : (
        <Page />
      )}
    </ConfigProvider>
  </StrictMode>,
);
