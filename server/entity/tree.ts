/**
 * Tree entities: a parent field whose root value is '0' (declared), a has-child flag computed in
 * every answer, the lazy-load calls (rootList, childList?pid=), and the guards that keep the tree a
 * tree: a parent must exist, a node cannot move under itself, a node with children is not deleted.
 */
import { presentRows } from './present.js';
import type { FastifyInstance } from 'fastify';
import { ok } from '../result.js';
import { ApiError } from '../result.js';
import { compileListQuery, single } from '../../runtime/model/query/compile.js';
import { fieldAccessOf, visibleFields } from './field-permissions.js';
import {
  readAccess,
  scopedCaller,
  guarded,
  pageOf,
  queryOf,
  checkId,
  userIdOf,
  type EntityDeps,
} from './route-kit.js';
import type { Caller, EntityStore, Row } from './store.js';

export const TreeMessages = {
  noParent: '父节点不存在',
  cycle: '不能将节点移动到自身或其下级节点下',
  hasChildren: '该节点下有子节点，请先删除子节点',
  noPid: '参数错误：缺少pid',
} as const;

const MAX_DEPTH = 64;
const MAX_CHILDREN = 1000;

/** Puts a missing parent at the root and checks that the parent exists and is not the node itself or below it. */
export async function checkParent(
  store: EntityStore,
  caller: Caller,
  values: Row,
  id?: string,
): Promise<void> {
  const tree = store.model.tree;
  if (!tree) return;
  const name = tree.parentField;
  if (values[name] === undefined && id) return; // edit without moving
  if (values[name] === undefined || values[name] === null || values[name] === '')
    values[name] = tree.rootValue;
  let current = String(values[name]);
  for (let depth = 0; current !== tree.rootValue; depth += 1) {
    if (current === id || depth > MAX_DEPTH) throw new ApiError(TreeMessages.cycle);
    const parent = await store.findById(caller, checkId(current));
    if (!parent) throw new ApiError(TreeMessages.noParent);
    current = String(parent[name] ?? tree.rootValue);
  }
}

/** Refuses to delete nodes that still have children outside the deleted set. */
export async function checkNoChildren(
  store: EntityStore,
  caller: Caller,
  ids: readonly string[],
): Promise<void> {
  const tree = store.model.tree;
  if (!tree) return;
  if ((await store.childCount(caller, store.model.field(tree.parentField)!, ids)) > 0) {
    throw new ApiError(TreeMessages.hasChildren);
  }
}

export function registerTreeRoutes(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  const { model } = store;
  const tree = model.tree;
  if (!tree) return;
  const parent = model.field(tree.parentField)!;
  const base = model.basePath;

  // Roots, paged; with hasQuery=true and filters, matching nodes at any depth (the search box).
  app.get(`${base}/rootList`, readAccess(store), (request) =>
    guarded(async () => {
      const caller = await scopedCaller(request, deps, store);
      const params = queryOf(request);
      const fieldAccess = await fieldAccessOf(deps.db, model, userIdOf(request));
      const query = compileListQuery(params, visibleFields(model, fieldAccess), {
        defaultSort: model.defaultSort,
        ignore: new Set(['hasQuery']),
      });
      const search = single(params, 'hasQuery') === 'true' && query.where !== null;
      const extra = search ? [] : [store.equals(parent, tree.rootValue)];
      const { records, total } = await store.page(
        caller,
        query.where,
        query.sort,
        query.pageNo,
        query.pageSize,
        extra,
      );
      const shown = await presentRows(deps.db, model, records, fieldAccess);
      return ok(pageOf(shown, total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${base}/childList`, readAccess(store), (request) =>
    guarded(async () => {
      const caller = await scopedCaller(request, deps, store);
      const params = queryOf(request);
      const pid = single(params, 'pid');
      if (!pid) throw new ApiError(TreeMessages.noPid);
      const fieldAccess = await fieldAccessOf(deps.db, model, userIdOf(request));
      const query = compileListQuery(params, visibleFields(model, fieldAccess), {
        defaultSort: model.defaultSort,
        ignore: new Set(['pid']),
      });
      const rows = await store.list(caller, query.where, query.sort, MAX_CHILDREN, [
        store.equals(parent, pid),
      ]);
      return ok(await presentRows(deps.db, model, rows, fieldAccess));
    }),
  );
}
