/**
 * Test-only page for tests/browser/grid-sync.test.ts: one customer row kept live with useTableSync,
 * as a grid does it (runtime/render/grid/use-live-rows.ts): the test hands the session in
 * `window.__SYNC__`; the page reads the row with queryById, re-reads changed rows with the list
 * (`id=a,b`, one call per burst), saves a remark through the entity API, and shows the row, the
 * connection state, the reads it made and every value it merged.
 */
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTableSync } from '../../../runtime/render/grid-sync/useTableSync';

interface SyncConfig {
  token: string;
  userId: string;
  tenantId: number;
  rowId: string;
}
type Row = Record<string, unknown>;

const config = (window as unknown as { __SYNC__: SyncConfig }).__SYNC__;
const pageId = crypto.randomUUID();

async function api(path: string, init: RequestInit = {}): Promise<{ success: boolean; result: Row }> {
  const headers = {
    'x-access-token': config.token,
    'tenant-id': String(config.tenantId),
    'content-type': 'application/json',
  };
  return (await fetch(`/api${path}`, { ...init, headers })).json();
}

function Page() {
  const [row, setRow] = useState<Row | null>(null);
  const [state, setState] = useState('idle');
  const [log, setLog] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  useEffect(() => {
    void api(`/sys/customer/queryById?id=${encodeURIComponent(config.rowId)}`).then((body) =>
      setRow(body.success ? body.result : null),
    );
  }, []);
  const fetchRows = useCallback(async (ids: readonly string[]) => {
    setLog((l) => [...l, `read ${ids.join(',')}`]);
    const query = new URLSearchParams({ id: ids.join(','), pageSize: String(ids.length) });
    const body = (await api(`/sys/customer/list?${query.toString()}`)) as {
      success: boolean;
      result: { records: Row[] };
    };
    if (!body.success) throw new Error('refused');
    return body.result.records;
  }, []);
  useTableSync({
    userId: config.userId,
    pageId,
    tableKey: 'customer',
    token: config.token,
    tenantId: config.tenantId,
    fetchRows,
    onState: setState,
    onUpdate: (id, fields) => {
      setLog((l) => [...l, `update ${id} ${JSON.stringify(fields)}`]);
      if (id === config.rowId) setRow((r) => ({ ...r, ...fields }));
    },
    onRemove: (ids) => setLog((l) => [...l, `remove ${ids.join(',')}`]),
    onReload: () => setLog((l) => [...l, 'reload']),
  });
  const save = async () => {
    await api('/sys/customer/edit', { method: 'PUT', body: JSON.stringify({ id: config.rowId, remark }) });
  };
  return (
    <main>
      <p>
        连接 <span id="state">{state}</span>
      </p>
      <p>
        名称 <span id="name">{String(row?.name ?? '')}</span>
      </p>
      <p>
        备注 <span id="remark">{String(row?.remark ?? '')}</span>
      </p>
      <input id="remark-input" value={remark} onChange={(e) => setRemark(e.target.value)} />
      <button id="save" onClick={() => void save()}>
        保存
      </button>
      <pre id="log">{log.join('\n')}</pre>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
