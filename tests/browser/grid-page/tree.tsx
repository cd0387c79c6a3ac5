/**
 * Tree rows and the popup sub-table on the plan-task fixture. `?tree`: task 需求调研 has lazy
 * subtasks (loadChildren waits for the #release button, so the placeholder can be seen), 方案设计
 * carries one loaded subtask, 验收 is a leaf. `?sub`: flat rows whose expand button opens the row's
 * sub-table; #open-missing asks for a row that does not exist.
 */
import { Button } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { buildEntityModel } from '../../../runtime/model/declaration/model';
import type { Declaration } from '../../../runtime/model/declaration/types';
import type { GridState } from '../../../runtime/model/grid/rows';
import type { EditableGridHandle } from '../../../runtime/render/grid/EditableGrid';
import fixture from '../../../runtime/render/grid/fixtures/plan-task.json';

const EditableGrid = lazy(() => import('../../../runtime/render/grid/EditableGrid'));

const model = buildEntityModel(fixture as unknown as Declaration);
const EXCLUDE = ['planId'];
const task = (id: string, taskName: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  id,
  planId: 'p1',
  taskName,
  owner: '',
  quantity,
  priority: '2',
  done: '0',
  startDate: '2025-03-01',
  deadline: '',
  keyTask: 'N',
  label: '',
  orderNum: 1,
  ...extra,
});
const TREE_ROWS = [
  task('t1', '需求调研', 2, { hasChildren: '1' }),
  task('t2', '方案设计', 3, { hasChildren: true, children: [task('t21', '画原型', 1, { pid: 't2' })] }),
  task('t3', '验收', 4),
];
const SUBTASKS = [task('t11', '访谈', 5, { pid: 't1' }), task('t12', '问卷', 6, { pid: 't1' })];
const FLAT_ROWS = [task('s1', '布置会场', 1), task('s2', '接待签到', 2), task('s3', '会后整理', 3)];

export function TreePage({ sub }: { sub: boolean }) {
  const grid = useRef<EditableGridHandle>(null);
  const [state, setState] = useState<GridState | null>(null);
  const [asked, setAsked] = useState<string[]>([]);
  const release = useRef<(() => void) | null>(null);
  const [opened, setOpened] = useState('');
  const loadChildren = (row: Readonly<Record<string, unknown>>) => {
    setAsked((a) => [...a, String(row.taskName)]);
    return new Promise<readonly Record<string, unknown>[]>((resolve) => {
      release.current = () => resolve(SUBTASKS);
    });
  };
  const subTable = (row: Readonly<Record<string, unknown>>) => (
    <table className="sub-table">
      <tbody>
        <tr>
          <th>子表</th>
          <td>{String(row.taskName)}的明细</td>
        </tr>
      </tbody>
    </table>
  );
  const summary = state && {
    rows: state.rows.map((r) => r.key),
    added: state.added.length,
    edited: state.edited,
    removed: state.removed,
  };
  return (
    <div style={{ padding: 24, width: 1520 }}>
      <Suspense fallback={<div>加载中</div>}>
        <EditableGrid
          model={model}
          rows={sub ? FLAT_ROWS : TREE_ROWS}
          exclude={EXCLUDE}
          caseId="tree_"
          gridRef={grid}
          onChange={setState}
          {...(sub ? { subTable } : { loadChildren })}
        />
      </Suspense>
      <Button id="release" onClick={() => release.current?.()}>
        返回子任务
      </Button>
      <Button
        id="open-missing"
        onClick={() => {
          const t = performance.now();
          void grid.current?.openSubTable('nope').then((ok) => setOpened(`${ok} ${performance.now() - t}`));
        }}
      >
        打开不存在的子表
      </Button>
      <pre id="grid-asked">{asked.join(',')}</pre>
      <pre id="grid-opened">{opened}</pre>
      <pre id="grid-state">{JSON.stringify(summary)}</pre>
      <pre id="grid-payload">{state ? JSON.stringify(grid.current?.payload()) : ''}</pre>
    </div>
  );
}
