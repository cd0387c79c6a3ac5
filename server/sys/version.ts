import type { FastifyInstance } from 'fastify';
import type { Generated, Kysely } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { querySchema } from '../auth/common.js';
import { ok } from '../result.js';

/** Tables of migration 0004 (kept here, beside their only reader, rather than in the shared schema). */
export interface SysVersionTable {
  id: string;
  versionNumber: string;
  versionTime: Date;
  remarks: Generated<string>;
  createBy: string | null;
  createTime: Generated<Date>;
}

export interface SysVersionReminderTable {
  id: number;
  /** '1' shows the banner, '0' hides it. */
  status: string;
  content: string;
  updateBy: string | null;
  updateTime: Date | null;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type VersionTables = {
  sysVersion: SysVersionTable;
  sysVersionReminder: SysVersionReminderTable;
};

/** The database handle (or a seed transaction) seen with the version tables. */
export function versionDb(db: Kysely<Database>): Kysely<Database & VersionTables> {
  return db.withTables<VersionTables>();
}

/** The spec's version log page size; a bigger request is cut to it, so one call can never dump the table. */
export const VERSION_PAGE_MAX = 200;

export interface VersionEntry {
  id: string;
  versionNumber: string;
  versionTime: Date;
  remarks: string;
}

export interface VersionReminder {
  status: '0' | '1';
  content: string;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 1 ? n : fallback;
}

export async function listVersions(db: Db, pageNo: number, pageSize: number): Promise<VersionEntry[]> {
  const size = Math.min(pageSize, VERSION_PAGE_MAX);
  return versionDb(db)
    .selectFrom('sysVersion')
    .select(['id', 'versionNumber', 'versionTime', 'remarks'])
    .orderBy('versionTime', 'desc')
    .orderBy('id')
    .limit(size)
    .offset((pageNo - 1) * size)
    .execute();
}

export async function loadReminder(db: Db): Promise<VersionReminder> {
  const row = await versionDb(db)
    .selectFrom('sysVersionReminder')
    .select(['status', 'content'])
    .where('id', '=', 1)
    .executeTakeFirst();
  // Without a row, or with an empty text, there is nothing to announce.
  if (!row || row.status !== '1' || !row.content) return { status: '0', content: row?.content ?? '' };
  return { status: '1', content: row.content };
}

/** GET /sys/version/queryReminder and GET /sys/version/listAll (the header's 版本日志 and the banner). */
export function registerVersionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const authenticated = { access: 'authenticated' as const };

  app.get('/sys/version/queryReminder', { config: authenticated }, async () => ok(await loadReminder(db)));

  app.get<{ Querystring: { pageNo?: string; pageSize?: string } }>(
    '/sys/version/listAll',
    { config: authenticated, schema: querySchema({ pageNo: 9, pageSize: 9 }) },
    async (request) => {
      const pageNo = positiveInt(request.query.pageNo, 1);
      const pageSize = positiveInt(request.query.pageSize, VERSION_PAGE_MAX);
      return ok(await listVersions(db, pageNo, pageSize));
    },
  );
}
