/**
 * 生成菜单: a designed declaration becomes a menu row (`declared/<name>` at
 * `/online/cgformList/<name>`) under a chosen menu, with a button row for every permission code it
 * uses, granted to the admin role (server/entity/menu-sync.ts, as for files); an admin then grants
 * them to other roles. The menu tree feeds the form's 上级菜单 tree select.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import type { TreeSelectNode } from '../../runtime/model/contract/tree-select.js';
import { permissionsChanged } from '../auth/permission-codes.js';
import { asRecord } from '../entity/body.js';
import { declaredComponents, moveDesignerButtons, syncDeclaredMenus } from '../entity/menu-sync.js';
import { checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import { CGFORM_PERMS } from './designer-routes.js';
import { OnlineMessages } from './messages.js';
import { storedVersion, type OnlineContext } from './save.js';
import { headById } from './store.js';

interface MenuRow {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
}

function treeOf(rows: readonly MenuRow[]): TreeSelectNode[] {
  const nodes = new Map<string, TreeSelectNode>();
  for (const r of rows)
    nodes.set(r.id, {
      key: r.id,
      title: r.name,
      value: r.id,
      code: r.url,
      parentId: r.parentId ?? '',
      isLeaf: true,
    });
  const roots: TreeSelectNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (!parent) roots.push(node);
    else {
      parent.isLeaf = false;
      (parent.children ??= []).push(node);
    }
  }
  return roots;
}

export function registerMenuRoutes(app: FastifyInstance, ctx: OnlineContext): void {
  const { db } = ctx;
  app.get(
    '/online/cgform/head/menuTree/loadTreeRoot',
    { config: { access: { perm: CGFORM_PERMS.menu } } },
    () =>
      guarded(async () => {
        const rows = await sql<MenuRow>`select id, parent_id, name, url from sys_permission
        where del_flag = 0 and menu_type in (0, 1) and coalesce(hidden, false) = false
        order by sort_no, name`.execute(db);
        return ok(treeOf(rows.rows));
      }),
  );
  app.post('/online/cgform/head/addMenu', { config: { access: { perm: CGFORM_PERMS.menu } } }, (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const head = await headById(db, checkId(body.id));
      const current = head ? await storedVersion(db, head) : null;
      if (!head || !current) throw new ApiError(OnlineMessages.notFound);
      if (!body.parentId) throw new ApiError(OnlineMessages.menuParent);
      const parent = await sql<{ url: string | null }>`select url from sys_permission
        where id = ${checkId(body.parentId)} and del_flag = 0 and menu_type in (0, 1)`.execute(db);
      const parentUrl = parent.rows[0]?.url;
      if (!parentUrl) throw new ApiError(OnlineMessages.menuNoParent);
      const existing = await sql`select 1 from sys_permission where del_flag = 0
        and component in (${sql.join(declaredComponents(head.name))})`.execute(db);
      const title =
        typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 100) : head.title;
      const order = Number.isFinite(Number(body.sortNo))
        ? Math.min(10_000, Math.max(0, Number(body.sortNo)))
        : 100;
      const menu = { parent: parentUrl, path: `/online/cgformList/${head.name}`, title, order };
      const model = buildEntityModel({ ...current.declaration, menu });
      await syncDeclaredMenus(db, [model]);
      await moveDesignerButtons(db, model);
      await permissionsChanged(db, null);
      return ok(null, existing.rows.length > 0 ? OnlineMessages.menuExists : OnlineMessages.menuAdded);
    }),
  );
}
