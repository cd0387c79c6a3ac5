import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

interface Customer {
  id: string;
  name: string;
  code: string;
  phone: string | null;
  email: string | null;
  level: string | null;
  level_dictText?: string;
  remark: string | null;
  createBy: string;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const add = (body: Record<string, unknown>, token?: string) =>
  ctx.send('POST', '/sys/customer/add', body, token);
const edit = (body: Record<string, unknown>, token?: string) =>
  ctx.send('PUT', '/sys/customer/edit', body, token);
const list = (query = '') => ctx.get<Page<Customer>>(`/sys/customer/list${query}`);
const byCode = async (code: string) => (await list(`?code=${code}`)).result!.records[0];

describe('add', () => {
  it('adds a valid customer with the contract message; the server sets the system columns', async () => {
    const res = await add({
      name: '华东贸易',
      code: 'C001',
      phone: '13812345678',
      email: 'hd@example.com',
      level: 'H',
    });
    expect(res).toMatchObject({ success: true, code: 200, message: '添加成功！', result: '添加成功！' });
    const row = await byCode('C001');
    expect(row).toMatchObject({
      name: '华东贸易',
      phone: '13812345678',
      level: 'H',
      level_dictText: '高',
      createBy: 'admin',
    });
    expect(row.id).toMatch(/^[0-9a-f]{32}$/);
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('fills the declared default', async () => {
    await add({ name: '默认等级', code: 'C002' });
    expect(await byCode('C002')).toMatchObject({ level: 'M', level_dictText: '中' });
  });

  it('drops system columns and dictText sent in the body', async () => {
    const res = await add({
      name: '伪造',
      code: 'C003',
      id: 'forged',
      createBy: 'mallory',
      createTime: '2000-01-01 00:00:00',
      level_dictText: 'x',
    });
    expect(res.success).toBe(true);
    const row = await byCode('C003');
    expect(row.id).not.toBe('forged');
    expect(row.createBy).toBe('admin');
  });

  it.each([
    [{ code: 'V1' }, '请输入客户名称!'],
    [{ name: '', code: 'V1' }, '请输入客户名称!'],
    [{ name: '甲' }, '请输入客户编码!'],
    [{ name: '甲', code: 'V-1' }, '请输入20位以内的英文字符和数字'],
    [{ name: '甲', code: 'V'.repeat(21) }, '最大长度20位字符'],
    [{ name: '名'.repeat(101), code: 'V1' }, '最大长度100位字符'],
    [{ name: '甲', code: 'V1', phone: '12345678901' }, '请输入正确手机号'],
    [{ name: '甲', code: 'V1', email: 'not-an-email' }, '邮箱格式不正确'],
    [{ name: '甲', code: 'V1', level: 'H' }, '请输入邮箱!'],
    [{ name: '甲', code: 'V1', remark: '备'.repeat(501) }, '最大长度500位字符'],
  ])('refuses %j with %s', async (body, message) => {
    const before = (await list()).result!.total;
    const res = await add(body as Record<string, unknown>);
    expect(res).toMatchObject({ success: false, code: 500, message });
    expect((await list()).result!.total).toBe(before);
  });

  it('refuses an unknown field by name instead of dropping it', async () => {
    expect(await add({ name: '甲', code: 'V2', vip: true })).toMatchObject({
      success: false,
      message: '未知字段：vip',
    });
  });

  it('refuses a duplicate unique value', async () => {
    expect(await add({ name: '重复', code: 'C001' })).toMatchObject({
      success: false,
      message: '客户编码：该值不可用，系统中已存在！',
    });
  });

  it('refuses a body that is not an object', async () => {
    expect(await ctx.send('POST', '/sys/customer/add', [1, 2])).toMatchObject({
      success: false,
      message: '提交的数据格式不正确',
    });
  });
});

describe('queryById and edit', () => {
  it('queryById answers the record with its dictionary text', async () => {
    const { id } = await byCode('C001');
    const res = await ctx.get<Customer>(`/sys/customer/queryById?id=${id}`);
    expect(res.result).toMatchObject({ id, code: 'C001', level_dictText: '高' });
    expect(await ctx.get(`/sys/customer/queryById?id=nope`)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
  });

  it('edits the fields sent and keeps the others', async () => {
    const before = await byCode('C002');
    const res = await edit({ ...before, name: '已改名', level: 'L' });
    expect(res).toMatchObject({ success: true, message: '编辑成功！' });
    const after = await byCode('C002');
    expect(after).toMatchObject({
      name: '已改名',
      level: 'L',
      level_dictText: '低',
      code: 'C002',
      createBy: 'admin',
      updateBy: 'admin',
    });
    expect(after.updateTime).toMatch(/^\d{4}-/);
  });

  it('accepts POST for edit too', async () => {
    const { id } = await byCode('C002');
    expect(await ctx.send('POST', '/sys/customer/edit', { id, remark: '备注' })).toMatchObject({
      success: true,
    });
    expect((await byCode('C002')).remark).toBe('备注');
  });

  it('validates edits: emptied required fields, formats, uniqueness, the json-logic rule', async () => {
    const { id } = await byCode('C002');
    expect(await edit({ id, name: '' })).toMatchObject({ success: false, message: '请输入客户名称!' });
    expect(await edit({ id, phone: '110' })).toMatchObject({ success: false, message: '请输入正确手机号' });
    expect(await edit({ id, code: 'C001' })).toMatchObject({
      success: false,
      message: '客户编码：该值不可用，系统中已存在！',
    });
    // Level H needs an email; C002 has none stored.
    expect(await edit({ id, level: 'H' })).toMatchObject({ success: false, message: '请输入邮箱!' });
    expect(await edit({ id, code: 'C002', name: '同值可存' })).toMatchObject({ success: true });
  });

  it('needs an existing id', async () => {
    expect(await edit({ name: 'x' })).toMatchObject({ success: false, message: '参数错误：缺少id' });
    expect(await edit({ id: 'f'.repeat(32), name: 'x' })).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
  });
});

describe('delete and deleteBatch', () => {
  it('deletes one row', async () => {
    await add({ name: '待删', code: 'D1' });
    const { id } = await byCode('D1');
    expect(await ctx.send('DELETE', `/sys/customer/delete?id=${id}`)).toMatchObject({
      success: true,
      message: '删除成功！',
    });
    expect(await byCode('D1')).toBeUndefined();
    expect(await ctx.send('DELETE', `/sys/customer/delete?id=${id}`)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
  });

  it('deletes a batch given as a,b, (with the trailing comma of the client)', async () => {
    await add({ name: '批一', code: 'D2' });
    await add({ name: '批二', code: 'D3' });
    const ids = [(await byCode('D2')).id, (await byCode('D3')).id];
    const res = await ctx.send('DELETE', `/sys/customer/deleteBatch?ids=${ids.join(',')},`);
    expect(res).toMatchObject({ success: true, message: '批量删除成功！' });
    expect(await byCode('D2')).toBeUndefined();
    expect(await byCode('D3')).toBeUndefined();
    expect(await ctx.send('DELETE', '/sys/customer/deleteBatch?ids=')).toMatchObject({
      success: false,
      message: '参数不识别！',
    });
  });
});

describe('duplicate check (declared unique fields only)', () => {
  const check = (query: string) => ctx.get(`/sys/duplicate/check?${query}`);
  it('answers free and taken, and excludes the edited row', async () => {
    const { id } = await byCode('C001');
    expect(await check('tableName=biz_customer&fieldName=code&fieldVal=NEW1')).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect(await check('tableName=biz_customer&fieldName=code&fieldVal=C001')).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect(await check(`tableName=biz_customer&fieldName=code&fieldVal=C001&dataId=${id}`)).toMatchObject({
      success: true,
    });
  });
  it('answers an empty value as the contract does', async () => {
    expect(await check('tableName=biz_customer&fieldName=code&fieldVal=')).toMatchObject({
      success: true,
      code: 500,
      message: '数据为空,不作处理！',
    });
  });
  it('refuses fields that are not declared unique and tables that are not declared', async () => {
    for (const query of [
      'tableName=biz_customer&fieldName=name&fieldVal=x',
      'tableName=sys_user&fieldName=username&fieldVal=admin',
      'tableName=biz_customer&fieldName=code%20and%201%3D1&fieldVal=x',
    ]) {
      expect(await check(query), query).toMatchObject({
        success: false,
        message: '该表或字段不支持唯一性校验',
      });
    }
  });
});

describe('permissions', () => {
  it('a staff account without customer:add gets 510 on add, edit, delete and deleteBatch', async () => {
    const { id } = await byCode('C001');
    const denied = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
    expect(await add({ name: '员工', code: 'S1' }, ctx.staffToken)).toMatchObject(denied);
    expect(await edit({ id, name: '员工改' }, ctx.staffToken)).toMatchObject(denied);
    expect(
      await ctx.send('DELETE', `/sys/customer/delete?id=${id}`, undefined, ctx.staffToken),
    ).toMatchObject(denied);
    expect(
      await ctx.send('DELETE', `/sys/customer/deleteBatch?ids=${id}`, undefined, ctx.staffToken),
    ).toMatchObject(denied);
    expect((await byCode('C001')).name).toBe('华东贸易');
  });
  it('reads need 查看客户 (customer:list, deny by default): a manager has it, staff do not', async () => {
    expect(await ctx.get('/sys/customer/list', ctx.staffToken)).toMatchObject({ success: false, code: 510 });
    const id = (await byCode('C001')).id;
    expect(await ctx.get(`/sys/customer/queryById?id=${id}`, ctx.staffToken)).toMatchObject({ code: 510 });
    expect(await ctx.get('/sys/customer/exportXls', ctx.staffToken)).toMatchObject({ code: 510 });
    const manager = await ctx.login('zhangwei', DEMO_PASSWORD);
    expect((await ctx.get<Page<Customer>>('/sys/customer/list', manager)).success).toBe(true);
  });
  it('without a token: 401', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/sys/customer/list' });
    expect(res.status).toBe(401);
  });
});

describe('dictionary membership (issue 32)', () => {
  const contact = { phone: '13812345670', email: 'dict@example.com' };
  it('refuses a value its dictionary does not hold, naming the field and the value; nothing is stored', async () => {
    expect(await add({ ...contact, name: '火星客户', code: 'C901', level: 'R999' })).toMatchObject({
      success: false,
      message: '客户等级的值不在字典中：R999',
    });
    expect(await add({ ...contact, name: '火星客户', code: 'C901', owner: 'spaceship' })).toMatchObject({
      success: false,
      message: '负责人的值不在字典中：spaceship',
    });
    expect(await byCode('C901')).toBeUndefined();
  });

  it('checks each entry of a multi-valued field, and accepts existing values', async () => {
    const departs = await ctx.get<{ id: string }[]>('/sys/sysDepart/queryTreeList');
    const depart = departs.result![0]!.id;
    expect(
      await add({ ...contact, name: '多部门', code: 'C902', depart: `${depart},nowhere` }),
    ).toMatchObject({
      success: false,
      message: expect.stringContaining('的值不在字典中：nowhere') as unknown as string,
    });
    const added = await add({ ...contact, name: '多部门', code: 'C902', depart, owner: 'admin', level: 'H' });
    expect(added, added.message).toMatchObject({
      success: true,
    });
  });

  it('an edit checks what it changes, and saves a record holding a value since removed', async () => {
    const row = await byCode('C902');
    expect(await edit({ ...row, level: 'R999' })).toMatchObject({
      success: false,
      message: '客户等级的值不在字典中：R999',
    });
    // A value the record already holds (its item removed since) does not stop an unchanged save.
    await sql`update biz_customer set level = 'OLD' where id = ${row.id}`.execute(ctx.database.db);
    expect(await edit({ ...(await byCode('C902')), remark: '改备注' })).toMatchObject({ success: true });
  });
});
