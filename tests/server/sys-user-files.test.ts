/**
 * 用户管理's files and checks: exportXls (filters, selections, scope of columns, no password),
 * importExcel (texts to values, a bad row in the 201 error workbook without its password,
 * validateStatus=1 storing nothing) and the duplicate check of the user form.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCheckOnlyUser } from '../../server/sys/user/unique.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { multipart, readRows, workbook, type Part } from './entity-xlsx.js';
import { departId, GOOD_PASSWORD, userId, userRow } from './sys-user-support.js';

let ctx: EntityTestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-users-'));
beforeAll(async () => {
  ctx = await createEntityContext({ config: { dataDir } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function exportSheet(query: string, token = ctx.adminToken) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/sys/user/exportXls?${query}`,
    headers: { 'x-access-token': token },
  });
}

async function upload(parts: Part[], token = ctx.adminToken) {
  const body = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sys/user/importExcel',
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': token },
  });
  return res.json() as {
    success: boolean;
    code: number;
    message: string;
    result: Record<string, unknown> | null;
  };
}

const file = async (rows: (string | number | null)[][]): Promise<Part> => ({
  name: 'files[]',
  filename: 'users.xlsx',
  value: await workbook(rows),
});

const HEADER = [
  '用户账号',
  '用户姓名',
  '工号',
  '登录密码',
  '性别',
  '手机号码',
  '电子邮件',
  '所属部门',
  '职务',
  '角色',
];

describe('GET /sys/user/exportXls', () => {
  it('writes the filtered users with texts for dictionaries, departments, positions and roles; never a password', async () => {
    const res = await exportSheet(`selecteddeparts=${departId('A01A03A01')}&column=username&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('用户信息.xlsx'));
    const rows = await readRows(res.rawPayload);
    expect(rows[0]).toEqual([
      '用户账号',
      '用户姓名',
      '工号',
      '性别',
      '生日',
      '手机号码',
      '电子邮件',
      '所属部门',
      '主部门',
      '职务',
      '角色',
      '租户',
      '状态',
      '创建日期',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['gaopeng', 'huangmin', 'zhaolei']);
    expect(rows[1].slice(0, 13)).toEqual([
      'gaopeng',
      '高鹏',
      'NO0019',
      '男',
      undefined,
      '13800000019',
      'gaopeng@example.com',
      '项目一组,研发组',
      '项目一组',
      '工程师',
      '普通员工',
      '智慧接待示范单位',
      '正常',
    ]);
    expect(res.rawPayload.toString('latin1')).not.toMatch(/scrypt/);
  });

  it('exports the selected users only, and needs user:export', async () => {
    const res = await exportSheet(
      `selections=${userId('lina')},${userId('admin')}&column=username&order=asc`,
    );
    expect((await readRows(res.rawPayload)).slice(1).map((r) => r[0])).toEqual(['admin', 'lina']);
    const staff = await exportSheet('', ctx.staffToken);
    expect(staff.json()).toMatchObject({ success: false, code: 510 });
    expect((await exportSheet('column=phone')).json()).toMatchObject({ success: false });
  });
});

describe('POST /sys/user/importExcel', () => {
  it('creates the valid users (texts to values, password kept for the first sign-in) and returns the bad rows', async () => {
    const res = await upload([
      await file([
        HEADER,
        [
          'imp_a',
          '导入甲',
          'IMP1',
          GOOD_PASSWORD,
          '女',
          '13900001001',
          'impa@example.com',
          '研发组,会务组',
          '工程师',
          '普通员工',
        ],
        ['imp_b', '导入乙', 'IMP2', 'weakpass1', '男', '13900001002', null, '研发组', null, null],
        ['imp_c', '导入丙', 'IMP3', GOOD_PASSWORD, '男', '13900001003', null, '火星部', null, null],
        ['zhaolei', '重复账号', 'IMP4', GOOD_PASSWORD, '男', null, null, null, null, null],
        ['imp_e', '导入戊', 'IMP1', GOOD_PASSWORD, '男', null, null, null, null, null],
        ['imp_f', '导入己', 'IMP6', GOOD_PASSWORD, '男', null, null, null, null, 'manager'],
      ]),
    ]);
    expect(res).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有4条数据导入失败' });
    const result = res.result!;
    expect(result.msg).toBe('总上传行数：6，已导入行数：2，错误行数：4');
    expect(result.errorMessage).toEqual([
      '第3行：密码由8位数字、大小写字母和特殊符号组成!',
      '第4行：所属部门的值不在字典中：火星部',
      '第5行：用户账号已存在',
      '第6行：工号在文件中重复：IMP1',
    ]);
    const a = (await userRow(ctx, 'imp_a'))!;
    expect(a).toMatchObject({ sex: 2, orgCode: 'A01A03A01', post: 'engineer', modifyTime: null, status: 1 });
    expect((await userRow(ctx, 'imp_f'))!.orgCode).toBeNull();
    expect(await userRow(ctx, 'imp_b')).toBeUndefined();
    const signIn = await ctx.call<{ token: string }>({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'imp_a', password: GOOD_PASSWORD, captcha: '', checkKey: '' },
    });
    expect(signIn.body.code).toBe(200);

    const errors = await ctx.app.inject({
      method: 'GET',
      url: `/api${String(result.fileUrl)}`,
      headers: { 'x-access-token': ctx.adminToken },
    });
    const sheet = await readRows(errors.rawPayload);
    expect(sheet[0]).toEqual([...HEADER, '行号', '错误原因']);
    expect(sheet[1].slice(0, 4)).toEqual(['imp_b', '导入乙', 'IMP2', undefined]);
    expect(errors.rawPayload.toString('latin1')).not.toContain('weakpass1');
  });

  it('validateStatus=1: one bad row stores nothing and names the row', async () => {
    const res = await upload([
      await file([
        HEADER,
        ['imp_g', '导入庚', 'IMP7', GOOD_PASSWORD, '男', null, null, null, null, null],
        ['imp_h', '导入辛', 'IMP8', null, '男', null, null, null, null, null],
      ]),
      { name: 'validateStatus', value: '1' },
    ]);
    expect(res).toMatchObject({ success: false, message: '第3行：请输入登录密码!，未导入任何数据' });
    expect(await userRow(ctx, 'imp_g')).toBeUndefined();
  });

  it('a sheet without user columns, or without user:import, is refused', async () => {
    const res = await upload([
      await file([
        ['甲', '乙'],
        ['1', '2'],
      ]),
    ]);
    expect(res.message).toBe('表头与字段不匹配：第一行应为字段名称（可先导出一份作为模板）');
    expect((await upload([await file([HEADER])], ctx.staffToken)).code).toBe(510);
  });
});

describe('checkOnlyUser', () => {
  it('the public route answers for an account and a phone', async () => {
    const taken = await ctx.call({ method: 'GET', url: '/api/sys/user/checkOnlyUser?username=zhaolei' });
    expect(taken.body).toMatchObject({ success: false, message: '用户账号已存在' });
    const free = await ctx.call({ method: 'GET', url: '/api/sys/user/checkOnlyUser?username=nobody_here' });
    expect(free.body.success).toBe(true);
  });

  it('the user form check covers account, phone, e-mail and work number, sparing the edited user', async () => {
    const db = ctx.database.db;
    expect(await answerCheckOnlyUser(db, { username: 'zhaolei' })).toMatchObject({
      success: false,
      message: '用户账号已存在',
    });
    expect(await answerCheckOnlyUser(db, { phone: '13800000007' })).toMatchObject({
      message: '手机号已存在',
    });
    expect(await answerCheckOnlyUser(db, { email: 'Zhaolei@Example.com' })).toMatchObject({
      message: '邮箱已存在',
    });
    expect(await answerCheckOnlyUser(db, { workNo: 'NO0007' })).toMatchObject({ message: '工号已存在' });
    expect(await answerCheckOnlyUser(db, { workNo: 'NO0007', id: userId('zhaolei') })).toMatchObject({
      success: true,
    });
    expect(await answerCheckOnlyUser(db, { email: 'free@example.com' })).toMatchObject({ success: true });
    expect(await answerCheckOnlyUser(db, {})).toMatchObject({
      success: false,
      message: '请输入用户账号、手机号、邮箱或工号',
    });
  });
});
