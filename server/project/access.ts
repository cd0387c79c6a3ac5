/**
 * Who may see and change a project (docs/modules/projects.md): its manager, its members and its
 * creator see it; holders of `project:all` (查看全部项目) see every project of their tenant. Changing
 * it is for the manager, the creator and `project:all`; the 权限 tab grants others 查看 / 编辑 /
 * 推进阶段 / 管理成员 per project (biz_project_permission, permission-routes.ts). Each rule is one SQL condition with bound
 * values, ANDed into the engine's own statements (addRequestScope) or used by the module's calls.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { hasPermission } from '../auth/permission-codes.js';
import { ApiError, ResultCode } from '../result.js';

export const PROJECT_ALL = 'project:all';

export const ProjectMessages = {
  notMember: '您不是该项目的成员，无权查看该项目',
  notFound: '项目不存在或已被删除',
  managerRequired: '请选择项目经理!',
  notManager: (what: string) => `只有项目经理可以${what}该项目`,
  projectUnavailable: '所选项目不存在或您无权查看',
  nameTaken: '项目名称已被其他项目使用',
  codeTaken: '项目代号已被其他项目使用',
  handlerByCirculation: '更换处理人请使用“流转”',
  demandRights: '需求的当前处理人、提出人可以流转或关闭需求',
  demandClosed: '需求已关闭，不能流转',
  noteRequired: '请输入流转说明',
  noReceiver: '请选择流转给谁',
  sameHandler: '不能流转给当前处理人',
} as const;

export interface Viewer {
  userId: string;
  username: string;
  tenantId: number;
  /** Holds project:all: sees every project of the tenant. */
  all: boolean;
}

const viewers = new WeakMap<FastifyRequest, Viewer>();

/** The caller as a project viewer (cached per request). */
export async function viewerOf(db: Db, request: FastifyRequest): Promise<Viewer> {
  const known = viewers.get(request);
  if (known) return known;
  const auth = request.auth;
  if (!auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  const viewer = {
    userId: auth.userId,
    username: auth.username,
    tenantId: auth.tenantId,
    all: await hasPermission(db, auth.userId, PROJECT_ALL),
  };
  viewers.set(request, viewer);
  return viewer;
}

/** A per-project right of the 权限 tab (biz_project_permission); any row grants 查看. */
export type GrantedRight = 'view' | 'edit' | 'advance' | 'members';

const RIGHT_COLUMNS: Readonly<Record<Exclude<GrantedRight, 'view'>, string>> = {
  edit: 'can_edit',
  advance: 'can_advance',
  members: 'can_members',
};

/** `alias` is a project row on which `username` holds `right` by a grant of the 权限 tab. */
export function granted(alias: string, username: string, right: GrantedRight): RawBuilder<SqlBool> {
  const flag = right === 'view' ? sql`true` : sql.ref(`g.${RIGHT_COLUMNS[right]}`);
  return sql<SqlBool>`exists (select 1 from biz_project_permission g
    where g.project_id = ${sql.ref(`${alias}.id`)} and g.username = ${username} and ${flag})`;
}

/** `alias` is a project row: the viewer sees it (tenant and deletion are the caller's to add). */
export function seesProject(alias: string, viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.all) return sql<SqlBool>`true`;
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<SqlBool>`(${ref('manager')} = ${viewer.username} or ${ref('create_by')} = ${viewer.username}
    or position(${`,${viewer.username},`} in ',' || coalesce(${ref('members')}, '') || ',') > 0
    or ${granted(alias, viewer.username, 'view')})`;
}

/** `alias` is a project row the viewer owns: its manager, its creator, or `project:all`. */
export function ownsProject(alias: string, viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.all) return sql<SqlBool>`true`;
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<SqlBool>`(${ref('manager')} = ${viewer.username} or ${ref('create_by')} = ${viewer.username})`;
}

/** `alias` is a project row the viewer may edit (the project and its plans): an owner or 编辑 granted. */
export function managesProject(alias: string, viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.all) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${ownsProject(alias, viewer)} or ${granted(alias, viewer.username, 'edit')})`;
}

/** `alias` is a project row whose stages the viewer may advance: manager, member or 推进阶段 granted. */
export function advancesProject(alias: string, username: string): RawBuilder<SqlBool> {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<SqlBool>`(${ref('manager')} = ${username}
    or position(${`,${username},`} in ',' || coalesce(${ref('members')}, '') || ',') > 0
    or ${granted(alias, username, 'advance')})`;
}

/** `alias` is a project row whose members the viewer may change: an editor or 管理成员 granted. */
export function managesMembers(alias: string, viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.all) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${managesProject(alias, viewer)} or ${granted(alias, viewer.username, 'members')})`;
}

/** The ids of the live projects of the viewer's tenant the viewer sees, as a sub-select. */
export function visibleProjectIds(viewer: Viewer): RawBuilder<unknown> {
  return sql`select vp.id from biz_project vp where vp.del_flag = 0 and vp.tenant_id = ${viewer.tenantId}
    and ${seesProject('vp', viewer)}`;
}

/** `column` (a project id of a contact, demand or work order) names a project the viewer sees. */
export function inVisibleProject(column: string, viewer: Viewer): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${visibleProjectIds(viewer)})`;
}

export interface ProjectAccess {
  exists: boolean;
  sees: boolean;
  /** Edits the project and its plans (owner or 编辑). */
  manages: boolean;
  /** Manager, creator or project:all: deletes, grants rights, urges. */
  owns: boolean;
  /** Advances its stages (manager, member or 推进阶段). */
  advances: boolean;
  /** Changes its members (editor or 管理成员). */
  managesMembers: boolean;
  status: string;
}

/** What the viewer may do with one live project of their tenant. */
export async function projectAccess(db: Db, viewer: Viewer, projectId: string): Promise<ProjectAccess> {
  const { rows } = await sql<Omit<ProjectAccess, 'exists'>>`select ${seesProject('p', viewer)} as sees,
      ${managesProject('p', viewer)} as manages, ${ownsProject('p', viewer)} as owns,
      ${advancesProject('p', viewer.username)} as advances, ${managesMembers('p', viewer)} as "managesMembers",
      p.status
    from biz_project p where p.id = ${projectId} and p.del_flag = 0 and p.tenant_id = ${viewer.tenantId}`.execute(
    db,
  );
  const row = rows[0];
  return {
    exists: row !== undefined,
    sees: row?.sees === true,
    manages: row?.manages === true,
    owns: row?.owns === true,
    advances: row?.advances === true,
    managesMembers: row?.managesMembers === true,
    status: row?.status ?? '',
  };
}

/** Refuses a project the viewer does not see: not found, or the clear 403 of a non-member. */
export async function needProject(db: Db, viewer: Viewer, projectId: string): Promise<ProjectAccess> {
  const access = await projectAccess(db, viewer, projectId);
  if (!access.exists) throw new ApiError(ProjectMessages.notFound);
  if (!access.sees) throw new ApiError(ProjectMessages.notMember, 403);
  return access;
}
