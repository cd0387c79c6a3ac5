/**
 * Per-project rights on the engine's generated routes (docs/modules/projects.md), attached through
 * onRoute so no other route pays for them; installed before the entity routes are registered.
 *  - projects: reads and transitions limited to projects the caller sees, edit / delete to those
 *    they manage (a member is told so, an outsider finds nothing); delete is served by
 *    project-delete.ts (the stage flow is suspended with it);
 *  - contacts, demands and node files: limited to rows of projects the caller sees; a body's
 *    project must be one too; a demand's handler changes only by 流转;
 *  - work orders: the project a body names must be one the caller sees.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { addRequestScope } from '../entity/route-kit.js';
import { ApiError } from '../result.js';
import {
  inVisibleProject,
  managesProject,
  ownsProject,
  ProjectMessages,
  projectAccess,
  seesProject,
  viewerOf,
} from './access.js';
import { projectDeleteHandler } from './project-delete.js';

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body | null {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : null;
}

/** The ids a delete / deleteBatch / edit names (body or query). */
function idsOf(request: FastifyRequest): string[] {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = bodyOf(request) ?? {};
  return [body.id, query.id, query.ids, body.ids]
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .filter((v) => /^[A-Za-z0-9_-]{1,64}$/.test(v));
}

const OWN_CALLS: ReadonlySet<string> = new Set([
  'getProjectById',
  'queryByCustomerId',
  'selectProject',
  'queryAll',
  'queryByProjectId',
  'circulation',
  'history',
  // Stages (stage-routes.ts).
  'queryPower',
  'getFileList',
  'stageStatistics',
  'stageDiagram',
  'advanceStage',
  'getNodeNameByCode',
  // Rights, urging and returning (permission-routes.ts, urge-routes.ts, stage-return.ts).
  'queryPermission',
  'getAuthorityByProjectId',
  'createOrUpdatePermission',
  'deletePermission',
  'updateMembers',
  'queryUrgeInfo',
  'urgeStage',
  'returnTargets',
  'returnStage',
]);

const PROJECT_WRITES: Readonly<Record<string, string>> = {
  edit: '编辑',
  delete: '删除',
  deleteBatch: '删除',
};

function projectHooks(db: Db, action: string): preHandlerAsyncHookHandler | null {
  const write = Object.hasOwn(PROJECT_WRITES, action) ? PROJECT_WRITES[action] : undefined;
  if (action === 'add') return null;
  return async (request) => {
    const viewer = await viewerOf(db, request);
    addRequestScope(request, seesProject('main', viewer), 'project');
    // On add an empty manager becomes the creator (the field's default); an edit may not remove it.
    const body = bodyOf(request);
    if (action === 'edit' && body && (body.manager === '' || body.manager === null))
      throw new ApiError(ProjectMessages.managerRequired);
    if (!write || viewer.all) return;
    const ids = idsOf(request);
    if (ids.length === 0) return; // the engine answers the missing id
    // Editing is also for holders of 编辑 (the 权限 tab); deleting stays with the owners.
    const right = action === 'edit' ? managesProject('p', viewer) : ownsProject('p', viewer);
    const { rows } = await sql<{ manages: boolean }>`select ${right} as manages
      from biz_project p where p.id in (${sql.join(ids)}) and p.del_flag = 0
        and p.tenant_id = ${viewer.tenantId} and ${seesProject('p', viewer)}`.execute(db);
    if (rows.some((r) => !r.manages)) throw new ApiError(ProjectMessages.notManager(write));
  };
}

/** A body's projectId must name a live project the caller sees. */
async function needVisibleProject(db: Db, request: FastifyRequest): Promise<void> {
  const body = bodyOf(request);
  if (!body) return;
  const projectId = body.projectId;
  // Empty: optional for work orders; for contacts and demands the declaration's required rule answers.
  if (projectId === undefined || projectId === null || projectId === '') return;
  if (typeof projectId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(projectId))
    throw new ApiError(ProjectMessages.projectUnavailable);
  const access = await projectAccess(db, await viewerOf(db, request), projectId);
  if (!access.sees) throw new ApiError(ProjectMessages.projectUnavailable);
}

const ENTITY_OF = { contacts: 'projectContact', demand: 'demand', nodeFile: 'projectNodeFile' } as const;

function childHooks(db: Db, action: string, entity: keyof typeof ENTITY_OF): preHandlerAsyncHookHandler {
  return async (request) => {
    const viewer = await viewerOf(db, request);
    if (!viewer.all) addRequestScope(request, inVisibleProject('main.project_id', viewer), ENTITY_OF[entity]);
    if (action === 'add' || action === 'edit') await needVisibleProject(db, request);
    if (entity === 'demand' && action === 'edit') {
      const body = bodyOf(request);
      const id = typeof body?.id === 'string' ? body.id : '';
      if (!body || body.handler === undefined || id === '') return;
      const { rows } = await sql<{
        handler: string;
      }>`select handler from biz_demand where id = ${id}`.execute(db);
      if (rows[0] && rows[0].handler !== body.handler)
        throw new ApiError(ProjectMessages.handlerByCirculation);
    }
  };
}

function append(route: RouteOptions, hook: preHandlerAsyncHookHandler): void {
  const existing = route.preHandler;
  route.preHandler =
    existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
}

export function installProjectGuards(app: FastifyInstance, db: Db, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const cut = url.lastIndexOf('/');
    const [base, action] = [url.slice(0, cut), url.slice(cut + 1)];
    // The module's own calls check rights themselves.
    if (OWN_CALLS.has(action)) return;
    let hook: preHandlerAsyncHookHandler | null = null;
    if (base === '/sys/project') hook = projectHooks(db, action);
    // Delete also suspends the project's stage flow, in one transaction (project-delete.ts).
    if (base === '/sys/project' && (action === 'delete' || action === 'deleteBatch'))
      route.handler = projectDeleteHandler(db, action);
    else if (base === '/sys/contacts') hook = childHooks(db, action, 'contacts');
    else if (base === '/sys/demand') hook = childHooks(db, action, 'demand');
    else if (base === '/sys/projectNodeFile') hook = childHooks(db, action, 'nodeFile');
    else if (url === '/sys/workOrder/add' || url === '/sys/workOrder/edit')
      hook = async (request) => needVisibleProject(db, request);
    if (hook) append(route, hook);
  });
}
