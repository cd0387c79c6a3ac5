/**
 * Test-only page for tests/browser/grid-sync.test.ts: one customer row kept live with useTableSync
 * (the product grid is not on a screen yet). The test hands the session in `window.__SYNC__`; the
 * page reads the row with queryById, saves a remark through the entity API, and shows the row, the
 * connection state and what the socket delivered.
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
  const fetchRow = useCallback(async (id: string) => {
    const body = await api(`/sys/customer/queryById?id=${encodeURIComponent(id)}`);
    return body.success ? body.result : null;
  }, []);
  useEffect(() => {
    void fetchRow(config.rowId).then(setRow);
  }, [fetchRow]);
  useTableSync({
    userId: config.userId,
    pageId,
    tableKey: 'customer',
    token: config.token,
    tenantId: config.tenantId,
    fetchRow,
    onState: setState,
    onUpdate: (id, fields) => {
      setLog((l) => [...l, `update ${id} ${Object.keys(fields).sort().join(',')}`]);
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
