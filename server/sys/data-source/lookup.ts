/**
 * A data source by its code, for the online reports (a report names its source by code in
 * onl_cgreport_head.db_source). The fingerprint changes whenever anything that shapes a connection
 * changes (host, port, database, user, type, the sealed password), so a holder of a pool can tell
 * that an administrator edited the source, on this server or another, and build a new one.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../result.js';
import { adminDb } from '../config/tables.js';
import type { ConnectionSettings } from './connect.js';
import { DataSourceMessages } from './routes.js';
import type { SecretBox } from './secret.js';

export interface StoredDataSource {
  code: string;
  name: string;
  dbType: string;
  settings: ConnectionSettings;
  fingerprint: string;
}

/** The source with this code, its password opened; null when there is none. */
export async function dataSourceByCode(
  db: Db,
  box: SecretBox,
  code: string,
): Promise<StoredDataSource | null> {
  const row = await adminDb(db)
    .selectFrom('sysDataSource')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) return null;
  const password = row.passwordCipher === null ? null : box.open(row.passwordCipher);
  if (row.passwordCipher !== null && password === null) throw new ApiError(DataSourceMessages.unreadable);
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        row.id,
        row.dbType,
        row.host,
        row.port,
        row.databaseName,
        row.username,
        row.passwordCipher,
      ]),
    )
    .digest('hex')
    .slice(0, 16);
  return {
    code: row.code,
    name: row.name,
    dbType: row.dbType,
    settings: { host: row.host, port: row.port, database: row.databaseName, user: row.username, password },
    fingerprint,
  };
}

/** Every source's code, name and type (no connection details): the report designer's choice list. */
export async function dataSourceChoices(db: Db): Promise<{ code: string; name: string; dbType: string }[]> {
  return adminDb(db).selectFrom('sysDataSource').select(['code', 'name', 'dbType']).orderBy('code').execute();
}
