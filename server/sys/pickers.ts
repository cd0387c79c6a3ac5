/**
 * Read-only data behind the form pickers (department tree, department search, roles). Any
 * signed-in user may read them: a form that offers a picker must be able to fill it, and the
 * answers carry names and codes only, never contact data or credentials.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DepartNode, PickerRole } from '../../runtime/model/contract/pickers.js';
import type { AppDeps } from '../app.js';
import type { Db } from '../db/database.js';
import { ok } from '../result.js';
import { likePattern } from './dict-store.js';

export type { DepartNode };

/** Search words longer than this are cut: a name is never that long and LIKE work stays small. */
const MAX_KEYWORD = 50;

export function queryText(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim().slice(0, MAX_KEYWORD) : '';
}

async function loadDeparts(db: Db) {
  return db
    .selectFrom('sysDepart')
    .select(['id', 'parentId', 'departName', 'orgCode'])
    .where('delFlag', '=', 0)
    .orderBy('departOrder')
    .orderBy('orgCode')
    .execute();
}

type DepartRow = Awaited<ReturnType<typeof loadDeparts>>[number];

function nodeOf(row: DepartRow): DepartNode {
  return {
    key: row.id,
    id: row.id,
    value: row.id,
    title: row.departName,
    departName: row.departName,
    orgCode: row.orgCode,
    parentId: row.parentId ?? '',
    isLeaf: true,
  };
}

/** The whole department tree (it is small: an organisation's departments, not its people). */
export function buildDepartTree(rows: readonly DepartRow[]): DepartNode[] {
  const nodes = new Map(rows.map((row) => [row.id, nodeOf(row)]));
  const roots: DepartNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (!parent) {
      roots.push(node);
      continue;
    }
    parent.isLeaf = false;
    (parent.children ??= []).push(node);
  }
  return roots;
}

export function registerPickerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const authenticated = { config: { access: 'authenticated' as const } };

  app.get('/sys/sysDepart/queryTreeList', authenticated, async () =>
    ok(buildDepartTree(await loadDeparts(db))),
  );

  // Matches by name, flat (the picker highlights them and opens their parents).
  app.get('/sys/sysDepart/searchBy', authenticated, async (request) => {
    const word = queryText(request, 'keyWord');
    if (!word) return ok([]);
    const rows = await db
      .selectFrom('sysDepart')
      .select(['id', 'parentId', 'departName', 'orgCode'])
      .where('delFlag', '=', 0)
      .where('departName', 'like', likePattern(word))
      .orderBy('orgCode')
      .limit(200)
      .execute();
    return ok(rows.map(nodeOf));
  });

  app.get('/sys/role/queryall', authenticated, async () => {
    const roles: PickerRole[] = await db
      .selectFrom('sysRole')
      .select(['id', 'roleName', 'roleCode', 'description'])
      .orderBy('roleCode')
      .limit(500)
      .execute();
    return ok(roles);
  });
}
