/**
 * The project calls beyond the generated CRUD (docs/modules/projects.md): the project page's
 * getProjectById (a clear refusal for non-members), the pickers (selectProject, queryAll,
 * queryByCustomerId), the name / code checks, the contacts of a project and the suggestions of the
 * customer-contact form. Every call answers only projects the caller sees.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { addDictText } from '../entity/dict-text.js';
import { DuplicateMessages } from '../entity/duplicate-check.js';
import { checkId, guarded, pageOf } from '../entity/route-kit.js';
import { ApiError, fail, ok, okMessage, ResultCode } from '../result.js';
import { needProject, ProjectMessages, seesProject, viewerOf } from './access.js';
import { callerOf, text, type ProjectContext } from './context.js';
import { grantsOf } from './permission-routes.js';

const signedIn = { config: { access: 'authenticated' as const } };
const PICKER_MAX = 50;

function positive(raw: string, fallback: number, max: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

async function getProjectById(ctx: ProjectContext, request: FastifyRequest) {
  const id = checkId(text(request, 'projectId') || text(request, 'id'));
  const viewer = await viewerOf(ctx.db, request);
  const access = await needProject(ctx.db, viewer, id);
  const store = ctx.store('project');
  // The row and its grants side by side (one round trip on PostgreSQL's pool).
  const [row, grants] = await Promise.all([
    store.findById(callerOf(request), id),
    grantsOf(ctx.db, id, ctx.timeZone),
  ]);
  if (!row) throw new ApiError(ProjectMessages.notFound);
  const [shown] = await addDictText(ctx.db, store.model, [row]);
  // The caller's rights and the project's grants come with the page's one call on open (the 权限 tab).
  return ok({
    ...shown,
    power: access.manages ? 'view,edit' : 'view',
    rights: {
      edit: access.manages,
      advance: access.advances,
      members: access.managesMembers,
      grant: access.owns,
    },
    grants,
  });
}

/** Live projects the caller sees, newest first, with the picker's columns; `keyword` on name / number. */
async function visibleProjects(
  ctx: ProjectContext,
  request: FastifyRequest,
  filter: { keyword?: string; customerId?: string },
  page: { size: number; offset: number },
) {
  const viewer = await viewerOf(ctx.db, request);
  const word = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`p.del_flag = 0 and p.tenant_id = ${viewer.tenantId} and ${seesProject('p', viewer)}
    and (${word}::text is null or p.name ilike ${word} or p.project_no ilike ${word})
    and (${filter.customerId ?? null}::text is null or p.customer_id = ${filter.customerId ?? null})`;
  const rows = await sql<Record<string, unknown>>`select p.id, p.project_no as "projectNo", p.name, p.code,
      p.status, p.customer_id as "customerId", c.name as "customerName", p.manager,
      coalesce(u.realname, p.manager) as "managerName", p.plan_start as "planStart", p.plan_end as "planEnd"
    from biz_project p
    left join biz_customer c on c.id = p.customer_id
    left join sys_user u on u.username = p.manager
    where ${where}
    order by (p.status = '3'), p.create_time desc, p.id
    limit ${page.size} offset ${page.offset}`.execute(ctx.db);
  const count = await sql<{ n: number }>`select count(*)::int as n from biz_project p where ${where}`.execute(
    ctx.db,
  );
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

const DATE_KEYS = ['planStart', 'planEnd'] as const;

function withDates(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  for (const row of rows)
    for (const key of DATE_KEYS) {
      const v = row[key];
      if (v instanceof Date) row[key] = v.toISOString().slice(0, 10);
    }
  return rows;
}

async function nameOrCodeCheck(ctx: ProjectContext, request: FastifyRequest, column: 'name' | 'code') {
  const value = text(request, column) || text(request, 'fieldVal');
  if (value === '') return { ...okMessage(DuplicateMessages.empty), code: ResultCode.ERROR, result: null };
  const raw = text(request, 'id') || text(request, 'dataId');
  const exceptId = raw ? checkId(raw) : null;
  const tenantId = callerOf(request).tenantId;
  const { rows } = await sql`select 1 from biz_project where ${sql.ref(column)} = ${value} and del_flag = 0
      and tenant_id = ${tenantId} and (${exceptId}::text is null or id <> ${exceptId}) limit 1`.execute(
    ctx.db,
  );
  return rows.length > 0 ? fail(DuplicateMessages.taken) : okMessage(DuplicateMessages.free);
}

/** Distinct non-empty texts of a customer-contact column, for the form's suggestions. */
async function distinctTexts(ctx: ProjectContext, column: 'post' | 'depart', customerId: string | null) {
  const { rows } = await sql<{ value: string }>`select distinct ${sql.ref(column)} as value
    from biz_customer_resource
    where coalesce(${sql.ref(column)}, '') <> '' and (${customerId}::text is null or customer_id = ${customerId})
    order by 1 limit 200`.execute(ctx.db);
  return ok(rows.map((r) => r.value));
}

export function registerProjectRoutes(app: FastifyInstance, ctx: ProjectContext): void {
  app.get('/sys/project/getProjectById', signedIn, (request) => guarded(() => getProjectById(ctx, request)));

  app.get('/sys/project/selectProject', signedIn, (request) =>
    guarded(async () => {
      const size = positive(text(request, 'pageSize'), 10, PICKER_MAX);
      const current = positive(text(request, 'pageNo'), 1, 10_000);
      const { rows, total } = await visibleProjects(
        ctx,
        request,
        { keyword: text(request, 'keyword') || undefined },
        { size, offset: (current - 1) * size },
      );
      return ok(pageOf(withDates(rows), total, current, size));
    }),
  );

  app.get('/sys/project/queryAll', signedIn, (request) =>
    guarded(async () => {
      const { rows } = await visibleProjects(ctx, request, {}, { size: 500, offset: 0 });
      return ok(withDates(rows));
    }),
  );

  app.get('/sys/project/queryByCustomerId', signedIn, (request) =>
    guarded(async () => {
      const customerId = checkId(text(request, 'customerId'));
      const { rows } = await visibleProjects(ctx, request, { customerId }, { size: 500, offset: 0 });
      return ok(withDates(rows));
    }),
  );

  // Uniqueness checks tell whether a name exists: for the people who fill the add and edit forms.
  const formFillers = { config: { access: { perm: ['project:add', 'project:edit'] } } };
  app.get('/sys/duplicate/projectNameCheck', formFillers, (request) =>
    guarded(() => nameOrCodeCheck(ctx, request, 'name')),
  );
  app.get('/sys/duplicate/projectCodeCheck', formFillers, (request) =>
    guarded(() => nameOrCodeCheck(ctx, request, 'code')),
  );

  app.get('/sys/contacts/queryByProjectId', signedIn, (request) =>
    guarded(async () => {
      const projectId = checkId(text(request, 'projectId'));
      await needProject(ctx.db, await viewerOf(ctx.db, request), projectId);
      const store = ctx.store('projectContact');
      const { rows } = await sql<
        Record<string, unknown>
      >`select id, name, unit, post, phone, email, duty, remark,
          project_id as "projectId"
        from biz_project_contact where project_id = ${projectId} order by create_time, id`.execute(ctx.db);
      return ok(await addDictText(ctx.db, store.model, rows));
    }),
  );

  // The departments and posts typed into customer contacts: suggestions for whoever reads them.
  const resourceReaders = { config: { access: { perm: 'resource:list' } } };
  app.get('/sys/resource/queryContactsPost', resourceReaders, () =>
    guarded(() => distinctTexts(ctx, 'post', null)),
  );
  app.get('/sys/resource/queryContactsDepart', resourceReaders, () =>
    guarded(() => distinctTexts(ctx, 'depart', null)),
  );
  app.get('/sys/resource/queryCustomerDepart', resourceReaders, (request) =>
    guarded(() => distinctTexts(ctx, 'depart', checkId(text(request, 'customerId')))),
  );
}
