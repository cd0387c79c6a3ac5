/**
 * The classification calls beyond the generated tree routes (spec 001 "Document classify"): the
 * whole tree, every node, the departments to file under, and the name / code checks of the form.
 * getTreeClassify answers only what the caller may view (with the nodes above it, so the tree
 * holds together); queryAll and the checks are for those who manage classifications.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownOrShared } from '../sys/tenant-scope.js';
import { sql } from 'kysely';
import { fail, ok } from '../result.js';
import { idOf, type DocumentContext } from './context.js';
import { requestRights } from './guard.js';
import { DocumentMessages } from './kinds.js';
import { classifiesWith } from './rights.js';

export interface ClassifyNode {
  id: string;
  key: string;
  title: string;
  value: string;
  code: string;
  parentId: string;
  children?: ClassifyNode[];
}

interface ClassifyRow {
  id: string;
  name: string;
  code: string;
  parentId: string | null;
}

export async function classifyRows(ctx: DocumentContext): Promise<ClassifyRow[]> {
  const rows = await sql<ClassifyRow>`select id, name, code, parent_id from biz_document_classify
    order by order_num, code`.execute(ctx.db);
  return rows.rows;
}

/** Rows as a tree; `keep` limits it to those nodes and the nodes above them. */
export function buildTree(rows: readonly ClassifyRow[], keep?: ReadonlySet<string>): ClassifyNode[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let wanted: Set<string> | null = null;
  if (keep) {
    wanted = new Set();
    for (const id of keep) {
      for (let at = byId.get(id); at && !wanted.has(at.id); at = byId.get(at.parentId ?? ''))
        wanted.add(at.id);
    }
  }
  const nodes = new Map<string, ClassifyNode>();
  for (const r of rows) {
    if (wanted && !wanted.has(r.id)) continue;
    nodes.set(r.id, {
      id: r.id,
      key: r.id,
      title: r.name,
      value: r.id,
      code: r.code,
      parentId: r.parentId ?? '0',
    });
  }
  const roots: ClassifyNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

async function taken(ctx: DocumentContext, column: 'name' | 'code', request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  const value = typeof query[column] === 'string' ? (query[column] as string).trim() : '';
  if (value === '') return ok(DocumentMessages.nameFree, DocumentMessages.nameFree);
  const except = typeof query.id === 'string' && query.id !== '' ? idOf(query.id) : null;
  const rows = await sql`select 1 from biz_document_classify where ${sql.ref(column)} = ${value}
    and (${except}::text is null or id <> ${except})`.execute(ctx.db);
  if (rows.rows.length > 0)
    return fail(column === 'name' ? DocumentMessages.nameTaken : DocumentMessages.codeTaken);
  return ok(DocumentMessages.nameFree, DocumentMessages.nameFree);
}

export function registerClassifyRoutes(app: FastifyInstance, ctx: DocumentContext): void {
  const base = '/sys/documentClassify';
  const signedIn = { config: { access: 'authenticated' as const } };
  const managers = { config: { access: { perm: 'documentClassify:add' } } };

  app.get(`${base}/getTreeClassify`, signedIn, async (request) => {
    const rows = await classifyRows(ctx);
    const rights = await requestRights(ctx.db, request);
    if (rights.admin) return ok(buildTree(rows));
    const type = (request.query as Record<string, unknown>).type === '2' ? '2' : '1';
    const seen = await sql<{ classifyId: string }>`${classifiesWith(rights, type, 'view')}`.execute(ctx.db);
    return ok(buildTree(rows, new Set(seen.rows.map((r) => r.classifyId))));
  });
  app.get(`${base}/queryAll`, managers, async () => {
    const rows = await sql`select id, name, code, parent_id, depart_id, order_num, remark
      from biz_document_classify order by order_num, code`.execute(ctx.db);
    return ok(rows.rows);
  });
  // The department picker of the classification form: the caller's tenant's departments (and the
  // shared ones), id and name only.
  app.get(`${base}/getDepartmentList`, signedIn, async (request) => {
    const rows = await sql`select id, depart_name, org_code, parent_id from sys_depart where del_flag = 0
      and ${ownOrShared('tenant_id', request.auth!.tenantId)} order by org_code`.execute(ctx.db);
    return ok(rows.rows);
  });
  // Uniqueness checks tell whether a name exists: for the people who fill the add and edit forms.
  const formFillers = { config: { access: { perm: ['documentClassify:add', 'documentClassify:edit'] } } };
  app.get(`${base}/classifyNameCheck`, formFillers, (request) => taken(ctx, 'name', request));
  app.get(`${base}/classifyCodeCheck`, formFillers, (request) => taken(ctx, 'code', request));
}
