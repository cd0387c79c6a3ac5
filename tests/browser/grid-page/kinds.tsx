/**
 * The equipment fixture: every React-edited and display column type, dictionaries, permissions,
 * disabled rows, a custom async handler and a slot, inside a runtime with canned answers.
 * `?kinds&always` turns always-edit on.
 */
import { Button } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { buildEntityModel } from '../../../runtime/model/declaration/model';
import type { Declaration } from '../../../runtime/model/declaration/types';
import type { GridState } from '../../../runtime/model/grid/rows';
import { RuntimeContext } from '../../../runtime/render/context';
import type { EditableGridHandle, GridSlot } from '../../../runtime/render/grid/EditableGrid';
import fixture from '../../../runtime/render/grid/fixtures/equipment.json';
import { fakeRuntime } from './fake-runtime';

const EditableGrid = lazy(() => import('../../../runtime/render/grid/EditableGrid'));

const model = buildEntityModel(fixture as unknown as Declaration);
const runtime = fakeRuntime();
const EXCLUDE = ['bookingId'];
const DISABLED = ['e2'];
const SAVED = [
  {
    id: 'e1',
    itemName: '投影仪',
    code: 'P001',
    colors: 'red,blue',
    category: 'av',
    brand: 'hw',
    level: 'a',
    depart: 'd1',
    keeper: 'zhangsan',
    note: '会议室A',
    progress: 60,
    badge: '急',
    attachment: 'temp/说明书第一版.pdf',
    photo: '',
    supplier: '华东设备',
    phone: '13800000001',
    price: 3200,
    cost: 2000,
  },
  {
    id: 'e2',
    itemName: '白板',
    code: 'P002',
    colors: 'green',
    category: 'fu',
    brand: '',
    level: 'b',
    depart: 'd2',
    keeper: '',
    note: '',
    progress: 100,
    badge: '',
    attachment: '',
    photo: '',
    supplier: '',
    phone: '',
    price: 800,
    cost: 500,
  },
];
const SLOTS: Record<string, GridSlot> = {
  badge: ({ value }) =>
    value ? (
      <span
        className="badge-slot"
        style={{ color: '#fff', background: '#f5222d', padding: '0 6px', borderRadius: 4 }}
      >
        {String(value)}
      </span>
    ) : null,
};
const HANDLERS = {
  code: async ({ value }: { value: unknown }) => {
    await new Promise((r) => setTimeout(r, 50));
    return value === 'X001' ? '编码已存在' : null;
  },
};

export function KindsPage() {
  const grid = useRef<EditableGridHandle>(null);
  const [state, setState] = useState<GridState | null>(null);
  const [check, setCheck] = useState('');
  const always = new URLSearchParams(location.search).has('always');
  return (
    <RuntimeContext.Provider value={runtime}>
      <div style={{ padding: 24, width: 1560 }}>
        <Suspense fallback={<div>加载中</div>}>
          <EditableGrid
            model={model}
            rows={SAVED}
            exclude={EXCLUDE}
            caseId="eq_"
            gridRef={grid}
            onChange={setState}
            disabledRows={DISABLED}
            alwaysEdit={always}
            authPrefix="gridEquipment"
            slots={SLOTS}
            handlers={HANDLERS}
          />
        </Suspense>
        <Button
          id="validate-async"
          style={{ marginTop: 12 }}
          onClick={() => void grid.current?.validateAsync().then((r) => setCheck(JSON.stringify(r)))}
        >
          校验
        </Button>
        <pre id="grid-check">{check}</pre>
        <pre id="grid-rows" style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(state?.rows.map((r) => r.values) ?? null)}
        </pre>
      </div>
    </RuntimeContext.Provider>
  );
}
