/**
 * The tree-select calls of the contract, for trees that declare `selectRoutes`:
 *   GET <base>/loadTreeRoot?async=true|false&pcode=  the nodes below the node whose code is pcode
 *                                                    (the roots when pcode is empty or '0'); with
 *                                                    async=false the whole subtree, nested
 *   GET <base>/loadTreeChildren?pid=                 the nodes below pid
 * Each node is {key, title, value, code, parentId, isLeaf, children?}. A whole-subtree load is
 * capped in nodes and depth, so a huge tree cannot be dumped in one call. A picker reads what the
 * tree's rootList and childList read (the caller's data rules and the row access, route-kit.ts
 * `scopedCaller`): a node outside them is not offered, and a pcode naming one is unknown.
 */
import type { FastifyInstance } from 'fastify';
import { single } from '../../runtime/model/query/compile.js';
import type { TreeModel } from '../../runtime/model/declaration/model.js';
import { ApiError, ok } from '../result.js';
import { checkId, guarded, queryOf, readAccess, scopedCaller, type EntityDeps } from './route-kit.js';
import type { Caller, EntityStore, Row } from './store.js';
import type { TreeSelectNode } from '../../runtime/model/contract/tree-select.js';

export const TreeSelectMessages = {
  unknownCode: (code: string) => `该编码【${code}】不存在，请核实!`,
  noPid: '参数错误：缺少pid',
} as const;

const MAX_NODES = 5000;
const MAX_DEPTH = 32;

export type { TreeSelectNode };

function nodeOf(tree: TreeModel, row: Row): TreeSelectNode {
  const id = String(row.id);
  return {
    key: id,
    title: String(row[tree.textField] ?? ''),
    value: id,
    code: tree.codeField ? String(row[tree.codeField] ?? '') : null,
    parentId: String(row[tree.parentField] ?? tree.rootValue),
    isLeaf: row[tree.hasChildField] !== '1',
  };
}

async function childrenOf(store: EntityStore, caller: Caller, pid: string, limit: number): Promise<Row[]> {
  const { model } = store;
  const parent = model.field(model.tree!.parentField)!;
  const sort = [{ field: model.defaultSort.field, order: model.defaultSort.order }];
  return store.list(caller, null, sort, limit, [store.equals(parent, pid)]);
}

/** Fills `children` below every non-leaf node, breadth first, within the caps. */
async function loadSubtree(store: EntityStore, caller: Caller, roots: TreeSelectNode[]): Promise<void> {
  let level = roots;
  let budget = MAX_NODES - roots.length;
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && budget > 0; depth += 1) {
    const next: TreeSelectNode[] = [];
    for (const node of level) {
      if (node.isLeaf || budget <= 0) continue;
      const rows = await childrenOf(store, caller, node.key, budget);
      node.children = rows.map((r) => nodeOf(store.model.tree!, r));
      budget -= rows.length;
      next.push(...node.children);
    }
    level = next;
  }
}

async function rootPid(store: EntityStore, caller: Caller, pcode: string): Promise<string> {
  const tree = store.model.tree!;
  if (pcode === '' || pcode === tree.rootValue || !tree.codeField) return tree.rootValue;
  const field = store.model.field(tree.codeField)!;
  const [row] = await store.list(caller, null, [], 1, [store.equals(field, pcode)]);
  if (!row) throw new ApiError(TreeSelectMessages.unknownCode(pcode));
  return String(row.id);
}

export function registerTreeSelectRoutes(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  const { model } = store;
  const tree = model.tree;
  if (!tree?.selectRoutes) return;
  const base = model.basePath;

  app.get(`${base}/loadTreeRoot`, readAccess(store), (request) =>
    guarded(async () => {
      const caller = await scopedCaller(request, deps, store);
      const params = queryOf(request);
      const pid = await rootPid(store, caller, single(params, 'pcode') ?? '');
      const nodes = (await childrenOf(store, caller, pid, MAX_NODES)).map((r) => nodeOf(tree, r));
      if (single(params, 'async') === 'false') await loadSubtree(store, caller, nodes);
      return ok(nodes);
    }),
  );

  app.get(`${base}/loadTreeChildren`, readAccess(store), (request) =>
    guarded(async () => {
      const pid = single(queryOf(request), 'pid');
      if (!pid) throw new ApiError(TreeSelectMessages.noPid);
      const caller = await scopedCaller(request, deps, store);
      const rows = await childrenOf(store, caller, checkId(pid), MAX_NODES);
      return ok(rows.map((r) => nodeOf(tree, r)));
    }),
  );
}
