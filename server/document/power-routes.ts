/**
 * Authorisation by position (spec 001 "Position"): the classification tree to grant on, a
 * position's document / template rights, the positions, and saving a position's rights in one go
 * (`POST authorization` for documents, `autTemplate` for templates). The same rows are edited one
 * by one in 文档授权 (schemas/document/document-power.json), and as a tree with checkboxes in its
 * 按职务授权 panel (screens/document/PowerTree.tsx).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { newRowId } from '../entity/child-write.js';
import { ApiError, ok, okMessage } from '../result.js';
import { buildTree, classifyRows } from './classify-routes.js';
import { idOf, usernameOf, type DocumentContext } from './context.js';
import { DocumentMessages, type PowerType } from './kinds.js';

export interface PowerEntry {
  classifyId: string;
  view: boolean;
  download: boolean;
  edit: boolean;
}

const yes = (value: unknown) => value === true || value === 'Y' || value === '1' || value === 1;

/**
 * The body's entries, checked: known classifications, each once; download and edit include view.
 * An entry with no right at all is kept: it is the node's own grant of nothing, which stops what the
 * position has on a parent from reaching this node and its subtree (rights are inherited, rights.ts).
 */
export function parseEntries(raw: unknown, known: ReadonlySet<string>): PowerEntry[] {
  if (!Array.isArray(raw)) throw new ApiError('参数错误：powers 必须是数组');
  const seen = new Set<string>();
  const out: PowerEntry[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) throw new ApiError('参数错误：powers 的每一项必须是对象');
    const entry = item as Record<string, unknown>;
    const classifyId = idOf(entry.classifyId);
    if (!known.has(classifyId)) throw new ApiError(DocumentMessages.badClassify);
    if (seen.has(classifyId)) continue;
    seen.add(classifyId);
    const download = yes(entry.download);
    const edit = yes(entry.edit);
    const view = yes(entry.view) || download || edit;
    out.push({ classifyId, view, download, edit });
  }
  return out;
}

async function postExists(ctx: DocumentContext, postId: string): Promise<boolean> {
  return (await sql`select 1 from sys_position where id = ${postId}`.execute(ctx.db)).rows.length > 0;
}

export function registerPowerRoutes(app: FastifyInstance, ctx: DocumentContext): void {
  const base = '/sys/position';
  const grant = { config: { access: { perm: 'documentPower:edit' } } };

  const tree = async () => ok(buildTree(await classifyRows(ctx)));
  app.get(`${base}/getDocumentPowerTree`, grant, tree);
  app.get(`${base}/getTemplatePowerTree`, grant, tree);

  const byPost = (type: PowerType) => async (request: FastifyRequest) => {
    const postId = idOf((request.query as Record<string, unknown>).postId);
    const rows = await sql<{ classifyId: string; canView: string; canDownload: string; canEdit: string }>`
      select classify_id, can_view, can_download, can_edit from biz_document_power
      where post_id = ${postId} and power_type = ${type}`.execute(ctx.db);
    return ok(
      rows.rows.map((r) => ({
        classifyId: r.classifyId,
        view: r.canView === 'Y' || r.canDownload === 'Y' || r.canEdit === 'Y',
        download: r.canDownload === 'Y',
        edit: r.canEdit === 'Y',
      })),
    );
  };
  app.get(`${base}/getDocumentPowerByPostId`, grant, byPost('1'));
  app.get(`${base}/getTemplatePowerByPostId`, grant, byPost('2'));

  app.get(`${base}/getPostList`, grant, async () => {
    const rows =
      await sql`select id, code, name, post_rank from sys_position order by post_rank, code`.execute(ctx.db);
    return ok(rows.rows);
  });

  const save = (type: PowerType) => async (request: FastifyRequest) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const postId = idOf(body.postId);
    if (!(await postExists(ctx, postId))) throw new ApiError(DocumentMessages.badPost);
    const known = new Set((await classifyRows(ctx)).map((r) => r.id));
    const entries = parseEntries(body.powers, known);
    const username = usernameOf(request);
    const flag = (b: boolean) => (b ? 'Y' : 'N');
    await ctx.db.transaction().execute(async (trx) => {
      await sql`delete from biz_document_power where post_id = ${postId} and power_type = ${type}`.execute(
        trx,
      );
      for (const e of entries)
        await sql`insert into biz_document_power (id, post_id, power_type, classify_id, can_view, can_download,
            can_edit, create_by, create_time, row_version)
          values (${newRowId()}, ${postId}, ${type}, ${e.classifyId}, ${flag(e.view)}, ${flag(e.download)},
            ${flag(e.edit)}, ${username}, now(), 0)`.execute(trx);
    });
    return okMessage(DocumentMessages.saved);
  };
  app.post(`${base}/authorization`, grant, save('1'));
  app.post(`${base}/autTemplate`, grant, save('2'));
}
