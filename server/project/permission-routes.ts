/**
 * Per-project rights beyond manager and members (docs/modules/projects.md, "Per-project rights"):
 * the 权限 tab's calls. A grant is one row per project and person (biz_project_permission) with
 * 编辑 / 推进阶段 / 管理成员; any row grants 查看. Only the project's owners (manager, creator,
 * `project:all`) grant and revoke; the rights are enforced by access.ts's conditions on every
 * project-scoped call. 修改成员 (`updateMembers`) is for editors and holders of 管理成员.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { needProject, ProjectMessages, viewerOf, type ProjectAccess } from './access.js';
import { text, type ProjectContext } from './context.js';
import { offerStage } from './stages.js';

export const PermissionMessages = {
  userRequired: '请选择授权人员',
  userMissing: '授权人员不存在或已停用',
  managerHasAll: '项目经理已拥有该项目的全部权限',
  granted: '授权成功',
  revoked: '已取消授权',
  grantMissing: '授权记录不存在',
  membersSaved: '项目成员已保存',
  memberMissing: (name: string) => `成员“${name}”不存在或已停用`,
  membersRights: '只有项目经理或有“管理成员”权限的人可以修改项目成员',
} as const;

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body => (request.body ?? {}) as Body;
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** Live users of the tenant among `usernames` (username → realname). */
async function liveUsers(db: Db, usernames: readonly string[], tenantId: number) {
  if (usernames.length === 0) return new Map<string, string>();
  const { rows } = await sql<{ username: string; realname: string }>`select username, realname from sys_user
    where username in (${sql.join(usernames)}) and del_flag = 0 and status = 1
      and (${tenantId} = 0 or (',' || coalesce(rel_tenant_ids, '') || ',') like ${`%,${tenantId},%`})`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.username, r.realname]));
}

/** The project, checked: the caller sees it and (for a change) owns it. */
async function owned(db: Db, request: FastifyRequest, projectId: string): Promise<ProjectAccess> {
  const rights = await needProject(db, await viewerOf(db, request), projectId);
  if (!rights.owns) throw new ApiError(ProjectMessages.notManager('授权'));
  return rights;
}

/** The open stage is offered again (the people who may advance it changed). */
async function reoffer(db: Db, projectId: string): Promise<void> {
  const { rows } = await sql<{
    id: string;
  }>`select i.id from biz_project p join wf_instance i on i.id = p.proc_ins_id
    where p.id = ${projectId} and i.status = 'running'`.execute(db);
  if (rows[0]) await offerStage(db, rows[0].id);
}

/** A project's grants with the people's names, oldest first (the 权限 tab; also in getProjectById). */
export async function grantsOf(
  db: Db,
  projectId: string,
  timeZone: string,
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`select g.id, g.username,
      coalesce(u.realname, g.username) as realname,
      true as view, g.can_edit as edit, g.can_advance as advance, g.can_members as members,
      coalesce(b.realname, g.update_by, g.create_by) as "grantedBy",
      to_char(coalesce(g.update_time, g.create_time) at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as "grantedAt"
    from biz_project_permission g
    left join sys_user u on u.username = g.username
    left join sys_user b on b.username = coalesce(g.update_by, g.create_by)
    where g.project_id = ${projectId}
    order by g.create_time, g.id`.execute(db);
  return rows;
}

async function listGrants(ctx: ProjectContext, request: FastifyRequest) {
  const projectId = checkId(text(request, 'projectId'));
  const rights = await needProject(ctx.db, await viewerOf(ctx.db, request), projectId);
  const records = await grantsOf(ctx.db, projectId, ctx.timeZone);
  return ok({ mayGrant: rights.owns, mayEditMembers: rights.managesMembers, records });
}

async function saveGrant(ctx: ProjectContext, request: FastifyRequest) {
  const body = bodyOf(request);
  const projectId = checkId(body.projectId);
  const viewer = await viewerOf(ctx.db, request);
  await owned(ctx.db, request, projectId);
  const username = typeof body.username === 'string' ? body.username.trim() : '';
  if (!username) throw new ApiError(PermissionMessages.userRequired);
  if (!(await liveUsers(ctx.db, [username], viewer.tenantId)).has(username))
    throw new ApiError(PermissionMessages.userMissing);
  const { rows } = await sql<{
    manager: string;
  }>`select manager from biz_project where id = ${projectId}`.execute(ctx.db);
  if (rows[0]?.manager === username) throw new ApiError(PermissionMessages.managerHasAll);
  const [edit, advance, members] = [flag(body.edit), flag(body.advance), flag(body.members)];
  await ctx.db.transaction().execute(async (trx) => {
    await sql`insert into biz_project_permission (id, tenant_id, project_id, username, can_edit, can_advance,
        can_members, create_by, create_time)
      values (${newId()}, ${viewer.tenantId}, ${projectId}, ${username}, ${edit}, ${advance}, ${members},
        ${viewer.username}, now())
      on conflict (project_id, username) do update set can_edit = excluded.can_edit,
        can_advance = excluded.can_advance, can_members = excluded.can_members,
        update_by = ${viewer.username}, update_time = now()`.execute(trx);
    await reoffer(trx, projectId);
  });
  return okMessage(PermissionMessages.granted);
}

async function revokeGrant(ctx: ProjectContext, request: FastifyRequest) {
  const id = checkId(text(request, 'id'));
  const { rows } = await sql<{ projectId: string }>`select project_id as "projectId"
    from biz_project_permission where id = ${id}`.execute(ctx.db);
  if (!rows[0]) throw new ApiError(PermissionMessages.grantMissing);
  const { projectId } = rows[0];
  await owned(ctx.db, request, projectId);
  await ctx.db.transaction().execute(async (trx) => {
    await sql`delete from biz_project_permission where id = ${id}`.execute(trx);
    await reoffer(trx, projectId);
  });
  return okMessage(PermissionMessages.revoked);
}

async function updateMembers(ctx: ProjectContext, request: FastifyRequest) {
  const body = bodyOf(request);
  const projectId = checkId(body.projectId);
  const viewer = await viewerOf(ctx.db, request);
  const rights = await needProject(ctx.db, viewer, projectId);
  if (!rights.managesMembers) throw new ApiError(PermissionMessages.membersRights);
  const raw = typeof body.members === 'string' ? body.members : '';
  const names = [...new Set(raw.split(',').map((s) => s.trim()))].filter(Boolean);
  const known = await liveUsers(ctx.db, names, viewer.tenantId);
  const unknown = names.find((n) => !known.has(n));
  if (unknown !== undefined) throw new ApiError(PermissionMessages.memberMissing(unknown));
  await ctx.db.transaction().execute(async (trx) => {
    await sql`update biz_project set members = ${names.join(',') || null}, update_by = ${viewer.username},
        update_time = now(), row_version = row_version + 1
      where id = ${projectId}`.execute(trx);
    await reoffer(trx, projectId);
  });
  return okMessage(PermissionMessages.membersSaved);
}

export function registerPermissionRoutes(app: FastifyInstance, ctx: ProjectContext): void {
  const list = (request: FastifyRequest) => guarded(() => listGrants(ctx, request));
  app.get('/sys/project/queryPermission', access(null), list);
  app.get('/sys/project/getAuthorityByProjectId', access(null), list);
  app.post('/sys/project/createOrUpdatePermission', access(null), (request) =>
    guarded(() => saveGrant(ctx, request)),
  );
  app.delete('/sys/project/deletePermission', access(null), (request) =>
    guarded(() => revokeGrant(ctx, request)),
  );
  app.put('/sys/project/updateMembers', access(null), (request) =>
    guarded(() => updateMembers(ctx, request)),
  );
}
