/**
 * A parent saved with its one-to-many children in one request and one transaction (项目计划 with
 * 计划任务, schemas/project): the happy path, a bad child row that saves nothing and says which table,
 * row and field, edits and deletions of child rows, ids of another plan's rows refused, the
 * unique-within-parent and cross-field rules, child permissions and stale saves.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import { seedId } from '../../server/db/seed/ids.js';
import { roleId } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

interface Task {
  id: string;
  planId: string;
  taskName: string;
  startDate: string | null;
  endDate: string | null;
  orderNum: number | null;
  rowVersion: number;
}
interface Plan {
  id: string;
  planName: string;
  planCode: string;
  rowVersion: number;
  planTask: Task[];
}

let ctx: EntityTestContext;
let manager: string; // zhangwei, role manager: plan:* and planTask:* buttons

beforeAll(async () => {
  ctx = await createEntityContext();
  manager = await ctx.login('zhangwei', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const BASE = '/plan/projectPlan';
const plan = (name: string) => ({
  planName: name,
  owner: 'zhangwei',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  status: '0',
});
const task = (taskName: string, orderNum: number, extra: Record<string, unknown> = {}) => ({
  taskName,
  owner: 'chenjing',
  startDate: '2026-12-01',
  endDate: '2026-12-10',
  priority: 'M',
  progress: 0,
  orderNum,
  ...extra,
});

async function planByName(name: string, token = manager): Promise<Plan | undefined> {
  const page = await ctx.get<Page<Plan>>(`${BASE}/list?planName=${encodeURIComponent(name)}`, token);
  const found = page.result?.records[0];
  if (!found) return undefined;
  return (await ctx.get<Plan>(`${BASE}/queryById?id=${found.id}`, token)).result ?? undefined;
}

const taskCount = async () =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from biz_plan_task`.execute(ctx.database.db)).rows[0]
      .n,
  );

describe('add with children', () => {
  it('saves the plan and its tasks together, numbers the plan and keeps the grid order', async () => {
    const answer = await ctx.send(
      'POST',
      `${BASE}/add`,
      { ...plan('展厅二期计划'), planTask: { added: [task('勘查', 1), task('设计', 2), task('施工', 3)] } },
      manager,
    );
    expect(answer).toMatchObject({ success: true, message: '添加成功！' });
    const saved = await planByName('展厅二期计划');
    expect(saved?.planCode).toMatch(/^JH\d{8}-\d{3}$/);
    expect(saved?.planTask.map((t) => [t.taskName, t.orderNum, t.planId])).toEqual([
      ['勘查', 1, saved?.id],
      ['设计', 2, saved?.id],
      ['施工', 3, saved?.id],
    ]);
  });

  it('a bad child row saves nothing and names the table, the row and the field', async () => {
    const before = await taskCount();
    const answer = await ctx.send(
      'POST',
      `${BASE}/add`,
      { ...plan('坏行计划'), planTask: { added: [task('一', 1), task('二', 2), task('', 3)] } },
      manager,
    );
    expect(answer).toMatchObject({ success: false, message: '计划任务第3行：请输入任务名称!' });
    expect(await planByName('坏行计划')).toBeUndefined();
    expect(await taskCount()).toBe(before);
  });

  it('a child row naming a value its dictionary does not hold saves nothing and names row and value', async () => {
    const before = await taskCount();
    const answer = await ctx.send(
      'POST',
      `${BASE}/add`,
      {
        ...plan('字典计划'),
        planTask: {
          added: [task('一', 1), task('二', 2, { priority: 'R999' }), task('三', 3, { owner: 'nobody' })],
        },
      },
      manager,
    );
    expect(answer).toMatchObject({ success: false, message: '计划任务第2行：优先级的值不在字典中：R999' });
    expect(await planByName('字典计划')).toBeUndefined();
    expect(await taskCount()).toBe(before);
  });

  it('uses the line numbers the grid sends, checks cross-field rules on rows and on the plan', async () => {
    const reversed = task('倒排', 1, { startDate: '2026-12-09', endDate: '2026-12-01', $row: 7 });
    expect(
      await ctx.send(
        'POST',
        `${BASE}/add`,
        { ...plan('日期计划'), planTask: { added: [reversed] } },
        manager,
      ),
    ).toMatchObject({ success: false, message: '计划任务第7行：结束日期不能早于开始日期' });
    expect(
      await ctx.send(
        'POST',
        `${BASE}/add`,
        { ...plan('日期计划'), startDate: '2026-12-31', endDate: '2026-12-01' },
        manager,
      ),
    ).toMatchObject({ success: false, message: '结束日期不能早于开始日期' });
  });

  it('refuses a task name twice in one plan, allows it in another plan', async () => {
    const twice = { added: [task('验收', 1), task('验收', 2)] };
    expect(
      await ctx.send('POST', `${BASE}/add`, { ...plan('重名计划'), planTask: twice }, manager),
    ).toMatchObject({ success: false, message: '计划任务第2行：任务名称不能重复' });
    const once = { added: [task('勘查', 1)] };
    expect(
      await ctx.send('POST', `${BASE}/add`, { ...plan('另一计划'), planTask: once }, manager),
    ).toMatchObject({ success: true });
  });

  it('never takes a new row id from the client', async () => {
    const answer = await ctx.send(
      'POST',
      `${BASE}/add`,
      { ...plan('带id计划'), planTask: { added: [{ ...task('一', 1), id: 'chosen-by-client' }] } },
      manager,
    );
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('计划任务第1行');
  });
});

describe('edit with children', () => {
  it('adds, edits and deletes rows in one save and counts the plan version up', async () => {
    const saved = (await planByName('展厅二期计划'))!;
    const [survey, design, build] = saved.planTask;
    const answer = await ctx.send(
      'PUT',
      `${BASE}/edit`,
      {
        id: saved.id,
        rowVersion: saved.rowVersion,
        planName: '展厅二期计划',
        planTask: {
          added: [task('验收', 4)],
          edited: [{ ...design, taskName: '深化设计', progress: 50 }],
          deletedIds: [build.id],
        },
      },
      manager,
    );
    expect(answer).toMatchObject({ success: true, message: '编辑成功！' });
    const after = (await planByName('展厅二期计划'))!;
    expect(after.planTask.map((t) => t.taskName)).toEqual(['勘查', '深化设计', '验收']);
    expect(after.planTask[0].id).toBe(survey.id);
    expect(after.rowVersion).toBe(saved.rowVersion + 1);
  });

  it('refuses a stale plan: a second save of the same loaded version changes nothing', async () => {
    const saved = (await planByName('展厅二期计划'))!;
    const body = (name: string) => ({
      id: saved.id,
      rowVersion: saved.rowVersion,
      planTask: { edited: [{ id: saved.planTask[0].id, taskName: name }] },
    });
    expect(await ctx.send('PUT', `${BASE}/edit`, body('第一次'), manager)).toMatchObject({ success: true });
    expect(await ctx.send('PUT', `${BASE}/edit`, body('第二次'), manager)).toMatchObject({
      success: false,
      message: '该记录已被他人修改，请刷新后重试',
    });
    expect((await planByName('展厅二期计划'))!.planTask[0].taskName).toBe('第一次');
  });

  it("refuses ids of another plan's rows, for edits and for deletions", async () => {
    const mine = (await planByName('展厅二期计划'))!;
    const other = (await planByName('另一计划'))!;
    const foreign = other.planTask[0];
    const edit = await ctx.send(
      'PUT',
      `${BASE}/edit`,
      { id: mine.id, planTask: { edited: [{ ...foreign, taskName: '偷改' }] } },
      manager,
    );
    expect(edit).toMatchObject({ success: false, message: '计划任务第1行：未找到对应数据' });
    const remove = await ctx.send(
      'PUT',
      `${BASE}/edit`,
      { id: mine.id, planTask: { deletedIds: [foreign.id] } },
      manager,
    );
    expect(remove).toMatchObject({ success: false, message: '计划任务：未找到对应数据' });
    expect((await planByName('另一计划'))!.planTask.map((t) => t.taskName)).toEqual(['勘查']);
  });

  it('a bad edited row rolls back the plan, the added rows and the deletions', async () => {
    const saved = (await planByName('展厅二期计划'))!;
    const answer = await ctx.send(
      'PUT',
      `${BASE}/edit`,
      {
        id: saved.id,
        rowVersion: saved.rowVersion,
        planName: '改名不应生效',
        planTask: {
          added: [task('新增不应生效', 9)],
          edited: [{ ...saved.planTask[1], $row: 2, endDate: '2026-11-01' }],
          deletedIds: [saved.planTask[0].id],
        },
      },
      manager,
    );
    expect(answer).toMatchObject({ success: false, message: '计划任务第2行：结束日期不能早于开始日期' });
    const after = (await planByName('展厅二期计划'))!;
    expect(after.planTask.map((t) => t.taskName)).toEqual(saved.planTask.map((t) => t.taskName));
    expect(after.rowVersion).toBe(saved.rowVersion);
  });

  it('moves a task name from a deleted row to a new one in the same save', async () => {
    const saved = (await planByName('展厅二期计划'))!;
    const last = saved.planTask[saved.planTask.length - 1];
    const answer = await ctx.send(
      'PUT',
      `${BASE}/edit`,
      { id: saved.id, planTask: { added: [task(last.taskName, 5)], deletedIds: [last.id] } },
      manager,
    );
    expect(answer).toMatchObject({ success: true });
  });

  it('checks unique-within-parent on the child routes too', async () => {
    const saved = (await planByName('展厅二期计划'))!;
    const taken = saved.planTask[0].taskName;
    const answer = await ctx.send(
      'POST',
      '/plan/planTask/add',
      { ...task(taken, 9), planId: saved.id },
      manager,
    );
    expect(answer).toMatchObject({ success: false, message: '任务名称：该值不可用，系统中已存在！' });
    const other = (await planByName('另一计划'))!;
    expect(
      await ctx.send('POST', '/plan/planTask/add', { ...task(taken, 9), planId: other.id }, manager),
    ).toMatchObject({ success: true });
  });
});

describe('edit with the children as the full list queryById answers', () => {
  const versions = (p: Plan) => p.planTask.map((t) => [t.taskName, t.rowVersion]);

  it('adds from a list on add, and saves the record read with queryById back unchanged', async () => {
    const answer = await ctx.send(
      'POST',
      `${BASE}/add`,
      { ...plan('整表计划'), planTask: [task('一', 1), task('二', 2), task('三', 3)] },
      manager,
    );
    expect(answer).toMatchObject({ success: true });
    const read = (await planByName('整表计划'))!;
    expect(read.planTask.map((t) => t.taskName)).toEqual(['一', '二', '三']);
    expect(await ctx.send('PUT', `${BASE}/edit`, read, manager)).toMatchObject({ success: true });
    const after = (await planByName('整表计划'))!;
    // The plan's version counts the save; rows that did not change are not written at all.
    expect(after.rowVersion).toBe(read.rowVersion + 1);
    expect(versions(after)).toEqual(versions(read));
  });

  it('takes the list as the new set: listed rows edited, new ones added, the rest deleted', async () => {
    const read = (await planByName('整表计划'))!;
    const [one, two] = read.planTask;
    const list = [{ ...two, taskName: '二改' }, one, task('四', 4)];
    const answer = await ctx.send('PUT', `${BASE}/edit`, { ...read, planTask: list }, manager);
    expect(answer).toMatchObject({ success: true });
    const after = (await planByName('整表计划'))!;
    expect(after.planTask.map((t) => [t.taskName, t.rowVersion])).toEqual([
      ['一', one.rowVersion],
      ['二改', two.rowVersion + 1],
      ['四', 0],
    ]);
    expect(after.planTask.find((t) => t.taskName === '一')!.id).toBe(one.id);
  });

  it("refuses another plan's row, a repeated name and a repeated row, saving nothing", async () => {
    const read = (await planByName('整表计划'))!;
    const foreign = (await planByName('另一计划'))!.planTask[0];
    const refused = async (list: unknown[], message: string) => {
      const answer = await ctx.send('PUT', `${BASE}/edit`, { ...read, planTask: list }, manager);
      expect(answer).toMatchObject({ success: false, message });
    };
    await refused([...read.planTask, { ...foreign, taskName: '偷改' }], '计划任务第4行：未找到对应数据');
    await refused([...read.planTask, task('一', 5)], '计划任务第4行：任务名称不能重复');
    await refused([...read.planTask, read.planTask[0]], '计划任务第4行：该行重复提交');
    await refused(
      [{ ...read.planTask[0], endDate: '2026-11-01' }],
      '计划任务第1行：结束日期不能早于开始日期',
    );
    const after = (await planByName('整表计划'))!;
    expect(versions(after)).toEqual(versions(read));
    expect(after.rowVersion).toBe(read.rowVersion);
    expect((await planByName('另一计划'))!.planTask[0].taskName).toBe(foreign.taskName);
  });

  it('needs the version it was read at: a list without it, or of a stale read, deletes nothing', async () => {
    const read = (await planByName('整表计划'))!;
    const { rowVersion: _version, ...unversioned } = read;
    expect(await ctx.send('PUT', `${BASE}/edit`, { ...unversioned, planTask: [] }, manager)).toMatchObject({
      success: false,
      message: '计划任务：按完整列表保存时须带上读取时的版本号（rowVersion）',
    });
    expect(await ctx.send('PUT', `${BASE}/edit`, read, manager)).toMatchObject({ success: true });
    expect(await ctx.send('PUT', `${BASE}/edit`, { ...read, planTask: [] }, manager)).toMatchObject({
      success: false,
      message: '该记录已被他人修改，请刷新后重试',
    });
    expect((await planByName('整表计划'))!.planTask).toHaveLength(read.planTask.length);
  });

  it('does not delete a row added since the read through the task route: the list is refused', async () => {
    const read = (await planByName('整表计划'))!;
    const beside = await ctx.send(
      'POST',
      '/plan/planTask/add',
      { ...task('旁加', 9), planId: read.id },
      manager,
    );
    expect(beside).toMatchObject({ success: true });
    expect(await ctx.send('PUT', `${BASE}/edit`, read, manager)).toMatchObject({
      success: false,
      message: '计划任务：列表缺少他人新增的行，请刷新后重试（删除这些行请按增删改提交）',
    });
    // Read again, the row is in the list and the record saves; the grid's payload deletes it.
    const again = (await planByName('整表计划'))!;
    expect(await ctx.send('PUT', `${BASE}/edit`, again, manager)).toMatchObject({ success: true });
    const added = again.planTask.find((t) => t.taskName === '旁加')!;
    const fresh = (await planByName('整表计划'))!;
    const removed = await ctx.send(
      'PUT',
      `${BASE}/edit`,
      { id: fresh.id, rowVersion: fresh.rowVersion, planTask: { deletedIds: [added.id] } },
      manager,
    );
    expect(removed).toMatchObject({ success: true });
  });

  it('refuses a row another save changed since the read, though the plan was not saved', async () => {
    const read = (await planByName('整表计划'))!;
    const first = read.planTask[0];
    // Through the task's own route: the plan's version does not move.
    const own = await ctx.send('PUT', '/plan/planTask/edit', { ...first, progress: 60 }, manager);
    expect(own).toMatchObject({ success: true });
    const answer = await ctx.send('PUT', `${BASE}/edit`, read, manager);
    expect(answer).toMatchObject({
      success: false,
      message: '计划任务第1行：该记录已被他人修改，请刷新后重试',
    });
  });
});

describe('permissions', () => {
  it('a user without the plan codes cannot add a plan at all', async () => {
    const staff = ctx.staffToken; // chenjing, role staff
    const answer = await ctx.send('POST', `${BASE}/add`, { ...plan('越权计划') }, staff);
    expect(answer.success).toBe(false);
    expect(await planByName('越权计划')).toBeUndefined();
  });

  it('deleting a task needs planTask:delete even when the plan may be edited', async () => {
    const button = seedId('button:planTask:delete');
    await sql`delete from sys_role_permission where role_id = ${roleId('manager')} and permission_id = ${button}`.execute(
      ctx.database.db,
    );
    await permissionsChanged(ctx.database.db, null);
    const saved = (await planByName('展厅二期计划'))!;
    const answer = await ctx.send(
      'PUT',
      `${BASE}/edit`,
      { id: saved.id, planTask: { added: [task('不应保存', 8)], deletedIds: [saved.planTask[0].id] } },
      manager,
    );
    expect(answer).toMatchObject({ success: false, message: '计划任务：没有权限，请联系管理员授权' });
    expect((await planByName('展厅二期计划'))!.planTask).toHaveLength(saved.planTask.length);
    // A full list deletes what it leaves out: the same code; sent back whole it deletes nothing.
    const left = await ctx.send(
      'PUT',
      `${BASE}/edit`,
      { ...saved, planTask: saved.planTask.slice(1) },
      manager,
    );
    expect(left).toMatchObject({ success: false, message: '计划任务：没有权限，请联系管理员授权' });
    expect(await ctx.send('PUT', `${BASE}/edit`, saved, manager)).toMatchObject({ success: true });
  });
});
