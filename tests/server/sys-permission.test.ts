import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkModels } from '../../server/entity/graph.js';
import { loadDeclarationFiles } from '../../server/entity/load.js';
import { declaredButtons } from '../../server/entity/menu-sync.js';
import { requireAccessDeclarations } from '../../server/http/access.js';
import { installAuthentication } from '../../server/http/authenticate.js';
import { ok } from '../../server/result.js';
import { userId } from '../../server/db/seed/organisation.js';
import { MENU_TREE, menuSeedRows } from '../../server/db/seed/menus.js';
import { ENTITY_BUTTONS } from '../../server/db/seed/entity-buttons.js';
import { NOTICE_BUTTONS } from '../../server/db/seed/notices.js';
import type { RouteNode } from '../../server/sys/menu-tree.js';
import type { UserPermissionAnswer } from '../../server/sys/permission.js';
import { createTestContext, type TestContext } from './helpers.js';
import { authGet, tokenFor } from './sys-session.js';

const URL = '/api/sys/permission/getUserPermissionByToken';

let ctx: TestContext;
const answers: Record<string, UserPermissionAnswer> = {};

async function permissionsOf(username: string): Promise<UserPermissionAnswer> {
  const res = await ctx.call<UserPermissionAnswer>(authGet(await tokenFor(ctx, username), URL));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, code: 200 });
  return res.body.result!;
}

function flatten(nodes: RouteNode[]): RouteNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

function top(answer: UserPermissionAnswer, title: string): RouteNode {
  const node = answer.menu.find((n) => n.meta.title === title);
  expect(node, title).toBeDefined();
  return node!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const username of ['admin', 'zhangwei', 'chenjing']) answers[username] = await permissionsOf(username);
});
afterAll(() => ctx.close());

describe('getUserPermissionByToken: menu', () => {
  it('admin sees every top-level area of the seed, in order', () => {
    const admin = answers.admin;
    expect(admin.sysSafeMode).toBe(false);
    expect(admin.menu.map((n) => n.meta.title)).toEqual(MENU_TREE.map((m) => m.name));
    const menuRows = menuSeedRows().permissions.filter((p) => p.menuType !== 2);
    // Declarations that bring their own menu entry (`menu`) add one where the seed has none.
    const seededComponents = new Set(menuRows.map((p) => p.component?.split('?')[0]));
    const declaredMenus = loadDeclarationFiles().filter(
      (d) => d.model.declaration.menu && !seededComponents.has(`declared/${d.model.name}`),
    );
    expect(flatten(admin.menu)).toHaveLength(menuRows.length + declaredMenus.length);
  });

  it('builds route nodes per the contract', () => {
    const home = top(answers.admin, '每日工作');
    expect(home).toMatchObject({
      path: '/HomePage',
      name: 'HomePage',
      component: 'layouts/RouteView',
      redirect: '/HomePage/index',
      route: '1',
      meta: {
        keepAlive: false,
        internalOrExternal: false,
        title: '每日工作',
        componentName: 'RouteView',
        icon: 'HomeOutlined',
      },
    });
    expect(home).not.toHaveProperty('hidden');
    const workbench = home.children![0];
    expect(workbench).toMatchObject({
      path: '/HomePage/index',
      name: 'HomePage-index',
      component: 'dashboard/Workbench',
      route: '1',
      meta: { keepAlive: true, title: '工作台', componentName: 'Workbench' },
    });
    expect(workbench).not.toHaveProperty('redirect');
    expect(workbench).not.toHaveProperty('children');
    const notice = home.children!.find((c) => c.path === '/HomePage/noticedetails');
    expect(notice).toMatchObject({ hidden: true, name: 'HomePage-noticedetails' });
    expect(home.children!.find((c) => c.path === '/HomePage/DistributedDetails/details')?.hidden).toBe(true);
  });

  it('derives names from the url (":" becomes "@") unless a component name is set', () => {
    const all = flatten(answers.admin.menu);
    expect(all.find((n) => n.path === '/online/cgformList/:code')?.name).toBe('online-cgformList-@code');
    expect(all.find((n) => n.path === '/online/cgreport/:code')).toMatchObject({
      name: 'onlineAutoList',
      meta: { componentName: 'onlineAutoList' },
    });
    expect(all.find((n) => n.path === '/modules/project/index')).toMatchObject({
      name: 'modules-project-index',
      hidden: true,
    });
    for (const node of all) {
      if ('hidden' in node) expect(node.hidden).toBe(true);
      if ('alwaysShow' in node) expect(node.alwaysShow).toBe(true);
      expect(node.route).toBe('1');
      expect(node.meta).not.toHaveProperty('url');
    }
    expect(top(answers.admin, '消息中心').alwaysShow).toBe(true);
  });

  it('orders children by sort_no as seeded', () => {
    const seeded = MENU_TREE.find((m) => m.key === 'workOrder')!.children!.map((c) => c.name);
    expect(top(answers.admin, '工单管理').children!.map((c) => c.meta.title)).toEqual(seeded);
  });

  it('staff sees a strict, smaller subset; manager sits between', () => {
    const paths = (a: UserPermissionAnswer) => new Set(flatten(a.menu).map((n) => n.path));
    const admin = paths(answers.admin);
    const manager = paths(answers.zhangwei);
    const staff = paths(answers.chenjing);
    for (const p of staff) expect(manager.has(p), p).toBe(true);
    for (const p of manager) expect(admin.has(p), p).toBe(true);
    expect(staff.size).toBeLessThan(manager.size);
    expect(manager.size).toBeLessThan(admin.size);

    const visibleTop = (a: UserPermissionAnswer) => a.menu.filter((n) => !n.hidden).map((n) => n.meta.title);
    expect(visibleTop(answers.chenjing)).toEqual([
      '每日工作',
      '工单管理',
      '会议管理', // 我的会议: the meetings she attends, to sign in (docs/modules/meetings.md)
      '项目管理', // the projects she is in (docs/modules/projects.md)
      '项目计划', // the plans of those projects
      '需求管理',
      '绩效考核', // 历史评分: everyone's own evaluations and self scores
      '文档管理',
      '流程审批',
      '办公管理', // mail, supplies, equipment and vehicle requests (docs/modules/office.md)
      '人事管理', // her own personnel file and the position duties (docs/modules/personnel.md)
      '消息中心',
      '客户与通讯录',
    ]);
    expect(visibleTop(answers.zhangwei)).toContain('项目管理');
    expect(visibleTop(answers.zhangwei)).toContain('统计分析');
    for (const title of ['系统管理', '系统监控']) {
      expect(visibleTop(answers.zhangwei)).not.toContain(title);
      expect(visibleTop(answers.chenjing)).not.toContain(title);
    }
    expect(top(answers.chenjing, '工单管理').children!.map((c) => c.meta.title)).toEqual([
      '我负责的',
      '我发起的',
      '我参与的',
    ]);
  });

  it('hides a parent whose granted children are all hidden', () => {
    // Staff list the projects they are in, and open a project page from a reminder.
    const staffProject = top(answers.chenjing, '项目管理');
    expect(staffProject).not.toHaveProperty('hidden');
    expect(staffProject.children!.map((c) => c.path)).toEqual([
      '/project/list',
      '/project/myCharge',
      '/project/flowChart', // 项目流程图: the stage flows of her projects
      '/project/workOrder', // 项目工单: the work orders of the projects she may see
      '/project/nodeDetails', // 节点详情 (hidden): a stage's template and files
      '/modules/project/index',
    ]);
    expect(top(answers.chenjing, '在线开发').hidden).toBe(true);
    expect(top(answers.zhangwei, '项目管理')).not.toHaveProperty('hidden');
    expect(top(answers.admin, '在线开发')).not.toHaveProperty('hidden');
  });
});

describe('getUserPermissionByToken: auth and allAuth', () => {
  const actions = (a: UserPermissionAnswer) => a.auth.map((x) => x.action);

  it('allAuth lists every button rule, with both statuses and both types', () => {
    const { allAuth } = answers.admin;
    const buttons = menuSeedRows().permissions.filter((p) => p.menuType === 2);
    // The declared entities' buttons (export, import, ...) and the notice routes' are seeded beside
    // the menu tree; the server adds a row for every other code a declaration uses when it starts.
    const seeded = [...buttons.map((b) => b.perms!), ...ENTITY_BUTTONS, ...NOTICE_BUTTONS].map((b) =>
      typeof b === 'string' ? b : b.perms,
    );
    const files = loadDeclarationFiles();
    linkModels(files.map((d) => d.model)); // a child's read code is its parent's
    const declared = files.flatMap((d) => declaredButtons(d.model).map((b) => b.code));
    const codes = new Set([...seeded, ...declared]);
    expect(new Set(allAuth.map((a) => a.action))).toEqual(codes);
    expect(allAuth).toHaveLength(codes.size);
    expect(allAuth).toContainEqual({ action: 'user:sync', status: '0', type: '1', describe: '同步流程用户' });
    expect(allAuth).toContainEqual({
      action: 'user:resetPassword',
      status: '1',
      type: '2',
      describe: '重置密码',
    });
    expect(answers.zhangwei.allAuth).toEqual(allAuth);
    expect(answers.chenjing.allAuth).toEqual(allAuth);
  });

  it('auth holds the active buttons of the user roles', () => {
    const admin = actions(answers.admin);
    expect(admin).toEqual(expect.arrayContaining(['user:add', 'user:edit', 'user:delete', 'user:import']));
    expect(admin).not.toContain('user:sync'); // status '0'
    expect(answers.admin.auth.find((a) => a.action === 'user:add')).toEqual({
      action: 'user:add',
      type: '1',
      describe: '添加用户',
    });

    const manager = actions(answers.zhangwei);
    expect(manager).toEqual(expect.arrayContaining(['project:start', 'customer:add', 'workOrder:add']));
    expect(manager).not.toContain('user:add');
    expect(manager).not.toContain('project:purge');

    const staff = actions(answers.chenjing);
    expect(staff).toEqual(expect.arrayContaining(['workOrder:deal', 'document:download', 'leave:add']));
    expect(staff).not.toContain('project:add');
    expect(staff).not.toContain('customer:add');
    expect(staff.length).toBeLessThan(manager.length);
    expect(manager.length).toBeLessThan(admin.length);
    expect(answers.chenjing.auth.find((a) => a.action === 'workOrder:deal')?.type).toBe('2');
  });

  it('answers the workbench alone, and no codes, to a user without roles', async () => {
    await ctx.database.db.deleteFrom('sysUserRole').where('userId', '=', userId('hexue')).execute();
    const answer = await permissionsOf('hexue');
    // 每日工作 → 工作台 only: their own to-dos and messages, nothing granted.
    const paths = (nodes: { path: string; children?: unknown[] }[]): string[] =>
      nodes.flatMap((n) => [n.path, ...paths((n.children ?? []) as typeof nodes)]);
    expect(paths(answer.menu as { path: string }[])).toEqual(['/HomePage', '/HomePage/index']);
    expect(answer.auth).toEqual([]);
    expect(answer.allAuth.length).toBeGreaterThan(0);
  });

  it('adds 工作台 and 每日工作 to a menu granted without them (the contract force-adds the home row)', async () => {
    const db = ctx.database.db;
    const role = await db
      .insertInto('sysRole')
      .values({
        id: 'perm-test-scene-role',
        roleName: '只看客户',
        roleCode: 'perm_test_customers',
        description: null,
        tenantId: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const customers = await db
      .selectFrom('sysPermission')
      .select(['id', 'parentId'])
      .where('url', '=', '/customer/list')
      .executeTakeFirstOrThrow();
    for (const id of [customers.id, customers.parentId!])
      await db.insertInto('sysRolePermission').values({ roleId: role.id, permissionId: id }).execute();
    await db
      .insertInto('sysUserRole')
      .values({ userId: userId('hexue'), roleId: role.id })
      .execute();
    const answer = await permissionsOf('hexue');
    expect(answer.menu.map((n) => n.meta.title)).toEqual(['每日工作', '客户与通讯录']);
    expect(top(answer, '每日工作').children?.map((n) => n.path)).toEqual(['/HomePage/index']);
    expect(top(answer, '客户与通讯录').children?.map((n) => n.path)).toEqual(['/customer/list']);
  });

  it('needs a token', async () => {
    const res = await ctx.call({ method: 'GET', url: URL });
    expect(res.status).toBe(401);
  });
});

describe('permission-gated routes', () => {
  it('answer 510 to a role without the code and run for one with it', async () => {
    const app = Fastify({ logger: false });
    requireAccessDeclarations(app);
    installAuthentication(app, ctx.database.db, ctx.config);
    app.get('/gated', { config: { access: { perm: 'user:add' } } }, async () => ok('ran'));
    app.get('/project', { config: { access: { perm: 'project:add' } } }, async () => ok('ran'));
    await app.ready();
    const call = async (username: string, url: string) =>
      (await app.inject(authGet(await tokenFor(ctx, username), url))).json();
    expect(await call('chenjing', '/gated')).toMatchObject({
      success: false,
      code: 510,
      message: '没有权限，请联系管理员授权',
    });
    expect(await call('zhangwei', '/gated')).toMatchObject({ code: 510 });
    expect(await call('admin', '/gated')).toMatchObject({ success: true, result: 'ran' });
    expect(await call('zhangwei', '/project')).toMatchObject({ success: true });
    expect(await call('chenjing', '/project')).toMatchObject({ code: 510 });
    await app.close();
  });

  it('open a switched-off rule (status 0) to everyone and deny a code nobody declared', async () => {
    const app = Fastify({ logger: false });
    requireAccessDeclarations(app);
    installAuthentication(app, ctx.database.db, ctx.config);
    app.get('/inactive', { config: { access: { perm: 'document:print' } } }, async () => ok('ran'));
    app.get('/undeclared', { config: { access: { perm: 'nobody:declared' } } }, async () => ok('ran'));
    await app.ready();
    const call = async (username: string, url: string) =>
      (await app.inject(authGet(await tokenFor(ctx, username), url))).json();
    expect(await call('chenjing', '/inactive')).toMatchObject({ success: true, result: 'ran' });
    expect(await call('admin', '/undeclared')).toMatchObject({ code: 510 });
    await app.close();
  });
});
