/**
 * Position rights (docs/modules/documents.md): a user's positions (sys_user.post, a comma list of
 * position codes) grant, per classification, view / download / edit of its documents or templates
 * (biz_document_power). Download and edit each include view. Admins are not limited. The
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

/** The classification ids on which the caller has the right (a subquery), never for admins. */
export function classifiesWith(rights: Rights, type: PowerType, right: Right): RawBuilder<unknown> {
  const posts = rights.posts.length > 0 ? sql.join(rights.posts) : sql`null`;
  return sql`select classify_id from biz_document_power where power_type = ${type}
    and post_id in (${posts}) and ${sql.ref(COLUMN[right])} = 'Y'`;
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
  if (rights.admin) return ['view', 'download', 'edit'];
  if (rights.posts.length === 0) return [];
  const rows = await sql<{ v: string; d: string; e: string }>`
    select max(can_view) as v, max(can_download) as d, max(can_edit) as e from biz_document_power
    where power_type = ${type} and classify_id = ${classifyId} and post_id in (${sql.join(rights.posts)})`.execute(
    db,
  );
  const row = rows.rows[0];
  const out: Right[] = [];
  if (row?.v === 'Y' || row?.d === 'Y' || row?.e === 'Y') out.push('view');
  if (row?.d === 'Y') out.push('download');
  if (row?.e === 'Y') out.push('edit');
  return out;
}

/** The caller's rights on many classifications at once (a list page's rows). */
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
    select classify_id, max(can_view) as v, max(can_download) as d, max(can_edit) as e
    from biz_document_power where power_type = ${type} and classify_id in (${sql.join(ids)})
      and post_id in (${sql.join(rights.posts)}) group by classify_id`.execute(db);
  for (const row of rows.rows) {
    const list: Right[] = ['view'];
    if (row.d === 'Y') list.push('download');
    if (row.e === 'Y') list.push('edit');
    out.set(row.classifyId, list);
  }
  return out;
}
