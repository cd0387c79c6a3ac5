/**
 * The caller's tenant as the own database's report views read it: `<tenant>.<signature>` in the
 * setting zj.report_tenant, signed with the key in sys_report_key and bound to the connection's
 * backend pid (migration 0048 has the function that checks it). A report statement may read and
 * change the setting, but cannot sign another tenant, nor use a token of another connection.
 */
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database.js';

// Read once per database (it never changes); a failed read is tried again next time.
const keys = new WeakMap<Db, Promise<string>>();

export function tenantKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = sql<{ value: string }>`select value from sys_report_key where name = 'tenant'`
      .execute(db)
      .then(({ rows }) => {
        if (!rows[0]) throw new Error('sys_report_key has no tenant key (migration 0048)');
        return rows[0].value;
      });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** The token for `tenant` on the connection whose backend is `pid`. */
export function tenantToken(key: string, tenant: number, pid: number): string {
  const t = String(Math.trunc(tenant));
  return `${t}.${createHash('sha256')
    .update(`${key}:${t}:${Math.trunc(pid)}`)
    .digest('hex')}`;
}

/** The backend pid of a pool connection (pg keeps it from the server's BackendKeyData). */
export function processIdOf(client: pg.PoolClient): number {
  const pid = (client as unknown as { processID?: number | null }).processID;
  if (typeof pid !== 'number') throw new Error('report connection without a backend pid');
  return pid;
}

const pglitePids = new WeakMap<PGlite, Promise<number>>();

/** The embedded database's one backend's pid (it never changes while the instance lives). */
export function pglitePid(pglite: PGlite): Promise<number> {
  let pid = pglitePids.get(pglite);
  if (!pid) {
    pid = pglite
      .query<{ pid: number }>('select pg_backend_pid() as pid')
      .then(({ rows }) => Number(rows[0].pid));
    pid.catch(() => pglitePids.delete(pglite));
    pglitePids.set(pglite, pid);
  }
  return pid;
}
