/**
 * The designer's calls at JeecgBoot 3.4's paths where they exist (docs/modules/online-forms.md):
 * the head list, queryById, add, edit, the versions, a version's JSON, rollback and doDbSynch.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { asRecord } from '../entity/body.js';
import { checkId, guarded, pageOf } from '../entity/route-kit.js';
import { requireAuth } from '../sys/permission.js';
import { ApiError, fail, ok, ResultCode } from '../result.js';
import { OnlineMessages } from './messages.js';
import {
  announce,
  confirmedOf,
  declarationOf,
  refusedSync,
  SaveRefused,
  saveDesigned,
  storedVersion,
  type OnlineContext,
} from './save.js';
import { headById, listHeads, listVersions, versionJson, type HeadRow } from './store.js';
import { syncTable, SyncRefused } from './sync.js';

export const CGFORM_PERMS = {
  list: 'cgform:list',
  add: 'cgform:add',
  edit: 'cgform:edit',
  menu: 'cgform:menu',
} as const;

const perm = (code: string) => ({ config: { access: { perm: code } } });

/** Runs a save; a refusal answers with its details (problems by path, sync reasons) in `result`. */
async function answerSave(reply: FastifyReply, work: () => Promise<unknown>): Promise<unknown> {
  try {
    return await guarded(work);
  } catch (error) {
    if (error instanceof SaveRefused)
      return reply.send({ ...fail(error.message, ResultCode.ERROR), result: error.detail });
    throw error;
  }
}

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
}

/** A list filter: the list's like-query sends `*text*` (the contract's micro-syntax); the store adds the wildcards. */
function filterText(value: unknown, max: number): string | undefined {
  return text(typeof value === 'string' ? value.replace(/^\*+|\*+$/g, '') : value, max) ?? undefined;
}

function whole(value: unknown, fallback?: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (Number.isInteger(n) && n >= 0) return n;
  if (fallback !== undefined) return fallback;
  throw new ApiError('参数错误：版本号不正确');
}

async function headOf(ctx: OnlineContext, id: unknown): Promise<HeadRow> {
  const head = await headById(ctx.db, checkId(id));
  if (!head) throw new ApiError(OnlineMessages.notFound);
  return head;
}

/** A head as the list shows it. */
function present(head: HeadRow) {
  return {
    id: head.id,
    name: head.name,
    title: head.title,
    tableName: head.tableName,
    currentVersion: head.currentVersion,
    rowVersion: head.rowVersion,
    createBy: head.createBy,
    createTime: head.createTime,
    updateBy: head.updateBy ?? head.createBy,
    updateTime: head.updateTime ?? head.createTime,
  };
}

export function registerDesignerRoutes(app: FastifyInstance, ctx: OnlineContext): void {
  const base = '/online/cgform/head';
  app.get(`${base}/list`, perm(CGFORM_PERMS.list), (request) =>
    guarded(async () => {
      const q = asRecord(request.query);
      const current = Math.max(1, whole(q.pageNo, 1));
      const size = Math.min(200, Math.max(1, whole(q.pageSize, 10)));
      const filter = { name: filterText(q.name, 50), title: filterText(q.title, 100) };
      const { records, total } = await listHeads(ctx.db, filter, { current, size });
      return ok(pageOf(records.map(present), total, current, size));
    }),
  );
  app.get(`${base}/queryById`, perm(CGFORM_PERMS.list), (request) =>
    guarded(async () => {
      const head = await headOf(ctx, asRecord(request.query).id);
      const json = await versionJson(ctx.db, head.id, head.currentVersion);
      return ok({ ...present(head), declaration: JSON.stringify(JSON.parse(json ?? '{}'), null, 2) });
    }),
  );
  app.post(`${base}/add`, perm(CGFORM_PERMS.add), (request, reply) =>
    answerSave(reply, async () => {
      const body = asRecord(request.body);
      const json = declarationOf(body.declaration);
      const user = requireAuth(request).username;
      const saved = await saveDesigned(ctx, { json, comment: text(body.comment, 500), user });
      return ok({ id: saved.id, version: saved.version }, OnlineMessages.saved(saved.version));
    }),
  );
  app.put(`${base}/edit`, perm(CGFORM_PERMS.edit), (request, reply) =>
    answerSave(reply, async () => {
      const body = asRecord(request.body);
      const row = await headOf(ctx, body.id);
      const json = declarationOf(body.declaration);
      const head = { row, rowVersion: whole(body.rowVersion, row.rowVersion) };
      const user = requireAuth(request).username;
      const confirm = confirmedOf(body.confirm);
      const saved = await saveDesigned(ctx, { json, comment: text(body.comment, 500), user, head, confirm });
      return ok({ id: saved.id, version: saved.version }, OnlineMessages.saved(saved.version));
    }),
  );
  app.get(`${base}/versions`, perm(CGFORM_PERMS.list), (request) =>
    guarded(async () => {
      const head = await headOf(ctx, asRecord(request.query).id);
      return ok(await listVersions(ctx.db, head.id));
    }),
  );
  app.get(`${base}/version`, perm(CGFORM_PERMS.list), (request) =>
    guarded(async () => {
      const q = asRecord(request.query);
      const head = await headOf(ctx, q.id);
      const json = await versionJson(ctx.db, head.id, whole(q.version));
      if (json === undefined) throw new ApiError(OnlineMessages.noVersion);
      return ok({ version: whole(q.version), declaration: JSON.stringify(JSON.parse(json), null, 2) });
    }),
  );
  app.post(`${base}/rollback`, perm(CGFORM_PERMS.edit), (request, reply) =>
    answerSave(reply, async () => {
      const body = asRecord(request.body);
      const row = await headOf(ctx, body.id);
      const from = whole(body.version);
      const json = await versionJson(ctx.db, row.id, from);
      if (json === undefined) throw new ApiError(OnlineMessages.noVersion);
      const head = { row, rowVersion: whole(body.rowVersion, row.rowVersion) };
      const user = requireAuth(request).username;
      const comment = `回滚到版本 ${from}`;
      const confirm = confirmedOf(body.confirm);
      const saved = await saveDesigned(ctx, { json: JSON.parse(json), comment, user, head, confirm });
      return ok({ id: saved.id, version: saved.version }, OnlineMessages.rolledBack(from, saved.version));
    }),
  );
  // JeecgBoot's 同步数据库: the current version's additive sync again (a table dropped by hand comes back).
  app.post('/online/cgform/api/doDbSynch/:id/:synMethod', perm(CGFORM_PERMS.edit), (request, reply) =>
    answerSave(reply, async () => {
      const head = await headOf(ctx, asRecord(request.params).id);
      const current = await storedVersion(ctx.db, head);
      if (!current) throw new ApiError(OnlineMessages.notFound);
      try {
        const options = { adoptable: ctx.adoptable };
        await ctx.db.transaction().execute((trx) => syncTable(trx, current, current, options));
      } catch (error) {
        if (error instanceof SyncRefused) throw refusedSync(error);
        throw error;
      }
      await announce(ctx);
      return ok(null, OnlineMessages.synced);
    }),
  );
}
