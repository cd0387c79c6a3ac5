/**
 * Position rights (docs/modules/documents.md): a user's positions (sys_user.post, a comma list of
 * position codes) grant, per classification, view / download / edit of its documents or templates
 * (biz_document_power), inherited down the classification tree until a node has its own grant
 * (effectivePowers). Download and edit each include view. Admins are not limited. The
 * conditions are SQL over the alias `main` with bound values, so the engine ANDs them into its own
 * statements (addRequestScope) and the module's routes into theirs.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { PowerType } from './kinds.js';

export type Right = 'view' | 'download' | 'edit';

const COLUMN: Record<Right, string> = { view: 'can_view', download: 'can_download', edit: 'can_edit' };

export interface Rights {
  admin: boolean;
  /** The caller's position ids. */
  posts: string[];
}

/** Whether the user is an admin, and their positions. One small read per request. */
export async function rightsOf(db: Db, userId: string): Promise<Rights> {
  const user = await sql<{ post: string | null; admin: boolean }>`
    select u.post, exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
      where ur.user_id = u.id and r.role_code = 'admin') as admin
    from sys_user u where u.id = ${userId}`.execute(db);
  const row = user.rows[0];
  if (!row) return { admin: false, posts: [] };
  const codes = (row.post ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (row.admin || codes.length === 0) return { admin: row.admin, posts: [] };
  const posts = await sql<{
    id: string;
  }>`select id from sys_position where code in (${sql.join(codes)})`.execute(db);
  return { admin: false, posts: posts.rows.map((p) => p.id) };
}

/**
 * The rights each of the caller's positions has on every classification, inheritance applied
 * (docs/modules/documents.md "Rights"): a position's grant on a node applies to the node and to
 * every descendant down to (not including) a descendant with its own grant for that position, which
 * then applies below it instead. An own grant may be "nothing" (all N): it stops the inheritance.
 * Rows: (classify_id, post_id, can_view, can_download, can_edit). `union` (not `union all`) keeps
 * the walk finite even if a broken tree ever had a cycle.
 */
export function effectivePowers(posts: readonly string[], type: PowerType): RawBuilder<unknown> {
  const postList = posts.length > 0 ? sql.join(posts) : sql`null`;
  return sql`with recursive eff (classify_id, post_id, can_view, can_download, can_edit) as (
      select classify_id, post_id, can_view, can_download, can_edit from biz_document_power
      where power_type = ${type} and post_id in (${postList})
    union
      select c.id, e.post_id, e.can_view, e.can_download, e.can_edit
      from eff e join biz_document_classify c on c.parent_id = e.classify_id
      where not exists (select 1 from biz_document_power o
        where o.power_type = ${type} and o.post_id = e.post_id and o.classify_id = c.id)
    ) select classify_id, post_id, can_view, can_download, can_edit from eff`;
}

/** The SQL test of a right on a row of effectivePowers (download and edit each include view). */
function holds(right: Right): RawBuilder<SqlBool> {
  if (right === 'view') return sql<SqlBool>`(p.can_view = 'Y' or p.can_download = 'Y' or p.can_edit = 'Y')`;
  return sql<SqlBool>`${sql.ref(`p.${COLUMN[right]}`)} = 'Y'`;
}

/** The classification ids on which the caller has the right (a subquery), never for admins. */
export function classifiesWith(rights: Rights, type: PowerType, right: Right): RawBuilder<unknown> {
  return sql`select p.classify_id from (${effectivePowers(rights.posts, type)}) p where ${holds(right)}`;
}

/** `main.<column>` lies in a classification the caller has the right on (true for admins). */
export function classifyCondition(
  rights: Rights,
  type: PowerType,
  right: Right,
  column = 'classify_id',
): RawBuilder<SqlBool> {
  if (rights.admin) return sql<SqlBool>`true`;
  return sql<SqlBool>`${sql.ref(`main.${column}`)} in (${classifiesWith(rights, type, right)})`;
}

/** The caller's rights on one classification, as the row's `power` ('view,download,edit'). */
export async function powerOn(db: Db, rights: Rights, type: PowerType, classifyId: string): Promise<Right[]> {
  return (await powersOn(db, rights, type, [classifyId])).get(classifyId) ?? [];
}

/** The caller's rights on many classifications at once (a list page's rows), inheritance applied. */
export async function powersOn(
  db: Db,
  rights: Rights,
  type: PowerType,
  classifyIds: readonly string[],
): Promise<Map<string, Right[]>> {
  const out = new Map<string, Right[]>();
  const ids = [...new Set(classifyIds)];
  if (rights.admin) {
    for (const id of ids) out.set(id, ['view', 'download', 'edit']);
    return out;
  }
  if (ids.length === 0 || rights.posts.length === 0) return out;
  const rows = await sql<{ classifyId: string; v: string; d: string; e: string }>`
    select p.classify_id, max(p.can_view) as v, max(p.can_download) as d, max(p.can_edit) as e
    from (${effectivePowers(rights.posts, type)}) p where p.classify_id in (${sql.join(ids)})
    group by p.classify_id`.execute(db);
  for (const row of rows.rows) {
    if (row.v !== 'Y' && row.d !== 'Y' && row.e !== 'Y') continue; // an own grant of nothing
    const list: Right[] = ['view'];
    if (row.d === 'Y') list.push('download');
    if (row.e === 'Y') list.push('edit');
    out.set(row.classifyId, list);
  }
  return out;
}
