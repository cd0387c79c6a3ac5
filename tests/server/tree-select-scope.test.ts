/**
 * A tree picker (loadTreeRoot / loadTreeChildren, server/entity/tree-select.ts) offers only the
 * nodes the tree's own list would show the caller (issue 30): the data rules of the screen's menu
 * entry (分类字典 with a rule on its code) and the declaration's row access (a designed tree whose
 * rows are read by their creator only). And `"access": "signed-in"` needs its reason: a designed
 * form that opens its reads without a description is refused at save.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { designer, visitLog, type HeadAnswer } from './online-form-helpers.js';

interface TreeNode {
  key: string;
  title: string;
  code: string | null;
  children?: TreeNode[];
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const titles = (nodes: TreeNode[]) => nodes.map((n) => n.title);
const tree = async (url: string) => (await ctx.get<TreeNode[]>(url)).result!;

/** The id of a row found by one column (the add routes answer only a message). */
async function idOf(table: string, column: string, value: string): Promise<string> {
  const found = await sql<{ id: string }>`select id from ${sql.table(table)}
    where ${sql.ref(column)} = ${value}`.execute(ctx.database.db);
  return found.rows[0].id;
}

describe('分类字典 pickers under a data rule', () => {
  const categories: [string, string, string?][] = [
    ['TSA', '测试甲'],
    ['TSA01', '测试甲一', 'TSA'],
    ['TSA02', '测试甲二', 'TSA'],
    ['TSB', '测试乙'],
  ];

  beforeAll(async () => {
    for (const [code, name, parent] of categories) {
      const pid = parent ? await idOf('sys_category', 'code', parent) : undefined;
      const added = await ctx.send('POST', '/sys/category/add', { code, name, pid });
      expect(added.success, added.message).toBe(true);
    }
    // admin's grant of 分类字典 now holds one rule: only the codes TSA and TSA01.
    const menu = await idOf('sys_permission', 'component', 'declared/category');
    await ctx.database.db
      .insertInto('sysPermissionDataRule')
      .values({
        id: 'rule-category-tsa',
        permissionId: menu,
        ruleName: '只看测试甲',
        ruleColumn: 'code',
        ruleConditions: 'in',
        ruleValue: 'TSA,TSA01',
        status: '1',
      })
      .execute();
    await ctx.database.db
      .updateTable('sysRolePermission')
      .set({ dataRuleIds: 'rule-category-tsa' })
      .where('permissionId', '=', menu)
      .execute();
    await permissionsChanged(ctx.database.db, null); // as the grant routes do
  });

  it('offers the roots, the children and the whole tree the list shows, no other node', async () => {
    const list = await ctx.get<Page<{ name: string }>>('/sys/category/rootList');
    expect(list.result!.records.map((r) => r.name)).toEqual(['测试甲']);
    expect(titles(await tree('/sys/category/loadTreeRoot?async=true&pcode='))).toEqual(['测试甲']);
    const tsa = await idOf('sys_category', 'code', 'TSA');
    expect(titles(await tree(`/sys/category/loadTreeChildren?pid=${tsa}`))).toEqual(['测试甲一']);
    const whole = await tree('/sys/category/loadTreeRoot?async=false');
    expect(whole.map((n) => [n.title, titles(n.children ?? [])])).toEqual([['测试甲', ['测试甲一']]]);
  });

  it('does not know a code outside the rule', async () => {
    expect(await ctx.get('/sys/category/loadTreeRoot?pcode=TSB')).toMatchObject({
      success: false,
      message: '该编码【TSB】不存在，请核实!',
    });
  });
});

describe('a designed tree whose rows are read by their creator only', () => {
  const area = {
    schemaVersion: 3,
    name: 'visitArea',
    title: '接待区域',
    table: 'onl_visit_area',
    basePath: '/online/data/visitArea',
    kind: 'tree',
    permissionPrefix: 'visitArea',
    tree: { parentField: 'pid', textField: 'name', selectRoutes: true },
    rowAccess: { read: { '==': [{ var: 'row.createBy' }, { var: 'user.username' }] } },
    fields: [
      { name: 'pid', title: '上级区域', type: 'string', length: 32, widget: 'treeSelect' },
      { name: 'name', title: '区域名称', type: 'string', length: 50, required: true },
    ],
  };

  beforeAll(async () => {
    const saved = await designer(ctx).add(area);
    expect(saved.success, JSON.stringify(saved.result)).toBe(true);
    const add = async (name: string, parent?: string) => {
      const pid = parent ? await idOf('onl_visit_area', 'name', parent) : undefined;
      const added = await ctx.send('POST', '/online/data/visitArea/add', { name, pid });
      expect(added.success, added.message).toBe(true);
    };
    await add('一号楼');
    await add('一号楼一层', '一号楼');
    await add('一号楼二层', '一号楼');
    await add('二号楼');
    // Two of them are zhangwei's: admin may not read them, in the list or in a picker.
    await sql`update onl_visit_area set create_by = 'zhangwei'
      where name in ('一号楼二层', '二号楼')`.execute(ctx.database.db);
  });

  it('offers only the caller’s own nodes, as rootList and childList do', async () => {
    const list = await ctx.get<Page<{ name: string }>>('/online/data/visitArea/rootList');
    expect(list.result!.records.map((r) => r.name)).toEqual(['一号楼']);
    expect(titles(await tree('/online/data/visitArea/loadTreeRoot'))).toEqual(['一号楼']);
    const first = await idOf('onl_visit_area', 'name', '一号楼');
    expect(titles(await tree(`/online/data/visitArea/loadTreeChildren?pid=${first}`))).toEqual([
      '一号楼一层',
    ]);
    const whole = await tree('/online/data/visitArea/loadTreeRoot?async=false');
    expect(whole.map((n) => [n.title, titles(n.children ?? [])])).toEqual([['一号楼', ['一号楼一层']]]);
  });
});

describe('"access": "signed-in" in a designed form', () => {
  it('is refused at save without a reason in description, at /access; nothing is stored', async () => {
    const refused = await designer(ctx).add(visitLog(undefined, { access: 'signed-in' }));
    expect(refused.success).toBe(false);
    expect(refused.result!.issues).toEqual([
      {
        path: '/access',
        message:
          '"signed-in" opens reads to every signed-in user of the tenant: give the reason in "description"',
      },
    ]);
    const heads = await ctx.get<Page<HeadAnswer>>('/online/cgform/head/list?name=visitLog');
    expect(heads.result!.total).toBe(0);
  });

  it('is saved with one, and then any signed-in user of the tenant reads the rows', async () => {
    const reason = '来访登记在前台公开，每位员工都要查看';
    const saved = await designer(ctx).add(visitLog(undefined, { access: 'signed-in', description: reason }));
    expect(saved.success, JSON.stringify(saved.result)).toBe(true);
    const list = await ctx.get<Page<unknown>>('/online/data/visitLog/list', ctx.staffToken);
    expect(list.success, list.message).toBe(true);
  });
});
