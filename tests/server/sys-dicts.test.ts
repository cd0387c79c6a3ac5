import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompiledQuery } from 'kysely';
import type { DictModel } from '../../server/sys/dict-store.js';
import { createTestContext, type TestContext } from './helpers.js';
import { authGet, tokenFor } from './sys-session.js';

let ctx: TestContext;
let token: string;
/** Every statement the server ran, to prove a refused dictionary never reached the database. */
let statements: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  token = await tokenFor(ctx, 'chenjing');
  const executor = ctx.database.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  vi.spyOn(executor, 'executeQuery').mockImplementation((query: CompiledQuery) => {
    statements.push(query.sql);
    return original(query);
  });
});
beforeEach(() => {
  statements = [];
});
afterAll(() => ctx.close());

const get = <T>(url: string) => ctx.call<T>(authGet(token, `/api/sys/dict/${url}`));
const texts = (items: DictModel[] | null) => (items ?? []).map((i) => i.text);
const TABLE_QUERY = /::text as value/;

describe('normal dictionaries', () => {
  it('queryAllDictItems holds notice_category with the five items of the spec and 流程审批', async () => {
    const res = await get<Record<string, DictModel[]>>('queryAllDictItems');
    expect(res.body.success).toBe(true);
    expect(res.body.result!.notice_category).toEqual([
      { value: '4', text: '每日工作', title: '每日工作', label: '每日工作' },
      { value: '5', text: '项目管理', title: '项目管理', label: '项目管理' },
      { value: '6', text: '工单派发', title: '工单派发', label: '工单派发' },
      { value: '7', text: '绩效考核', title: '绩效考核', label: '绩效考核' },
      { value: '8', text: '项目计划', title: '项目计划', label: '项目计划' },
      // Approvals reach their approver in their own category, not 每日工作 (issue 33, item 2).
      { value: '9', text: '流程审批', title: '流程审批', label: '流程审批' },
    ]);
    for (const code of [
      'sex',
      'user_status',
      'priority',
      'yn',
      'send_status',
      'position_rank',
      'menu_type',
    ]) {
      expect(res.body.result![code]?.length, code).toBeGreaterThan(1);
    }
    expect(res.body.result!.position_rank).toHaveLength(6);
  });

  it('getDictItems answers one dictionary in order, without disabled items', async () => {
    const sex = await get<DictModel[]>('getDictItems/sex');
    expect(sex.body.result!.map((i) => [i.value, i.text])).toEqual([
      ['1', '男'],
      ['2', '女'],
    ]);
    expect(texts((await get<DictModel[]>('getDictItems/send_status')).body.result)).toEqual([
      '未发布',
      '已发布',
      '已撤销',
    ]);
    const status = await get<DictModel[]>('getDictItems/project_status');
    expect(status.body.result!.map((i) => i.value)).not.toContain('9');
  });

  it('an unknown code has no items; an empty code is refused', async () => {
    expect((await get('getDictItems/no_such_dict')).body).toMatchObject({ success: true, result: [] });
    for (const url of ['getDictItems/', 'getDictItems', 'getDictItems/%20', 'loadDict', 'loadDictItem/']) {
      expect((await get(url)).body, url).toMatchObject({ success: false, message: '字典Code不能为空!' });
    }
  });

  it('loadDict filters by keyword and defaults to the first page', async () => {
    expect((await get<DictModel[]>('loadDict/priority?keyword=高')).body.result).toEqual([
      { value: 'H', text: '高', title: '高', label: '高' },
    ]);
    expect(texts((await get<DictModel[]>('loadDict/priority')).body.result)).toEqual(['低', '中', '高']);
    expect(texts((await get<DictModel[]>('loadDict/priority?pageSize=2')).body.result)).toEqual(['低', '中']);
  });

  it('loadDictItem translates keys in the order asked', async () => {
    expect((await get('loadDictItem/sex?key=2,1')).body.result).toEqual(['女', '男']);
    expect((await get('loadDictItem/sex?key=9,1')).body.result).toEqual(['男']);
    expect((await get('loadDictItem/sex?key=9,1&delNotExist=false')).body.result).toEqual(['9', '男']);
    expect((await get('loadDictItem/sex')).body.result).toEqual([]);
  });

  it('refleshCache reports success', async () => {
    expect((await get('refleshCache')).body).toMatchObject({
      success: true,
      message: '刷新缓存完成！',
      result: '刷新缓存完成！',
    });
  });

  it('needs a token', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems' });
    expect(res.status).toBe(401);
  });
});

describe('table dictionaries', () => {
  it('serves an allow-listed table and fields', async () => {
    const res = await get<DictModel[]>('getDictItems/sys_user,realname,username');
    expect(res.body.success).toBe(true);
    expect(res.body.result).toContainEqual({ value: 'zhangwei', text: '张伟', title: '张伟', label: '张伟' });
    expect(res.body.result!.length).toBeGreaterThan(10);
    const departs = await get<DictModel[]>('getDictItems/sys_depart,depart_name,org_code');
    expect(departs.body.result).toContainEqual(
      expect.objectContaining({ value: 'A01A03A01', text: '研发组' }),
    );
  });

  it('loadDict searches text or code, escapes wildcards and caps the page', async () => {
    expect((await get<DictModel[]>('loadDict/sys_user,realname,username?keyword=张')).body.result).toEqual([
      { value: 'zhangwei', text: '张伟', title: '张伟', label: '张伟' },
    ]);
    expect(
      texts((await get<DictModel[]>('loadDict/sys_user,realname,username?keyword=chenj')).body.result),
    ).toEqual(['陈静']);
    for (const wildcard of ['%25', '_', '%5C']) {
      const res = await get<DictModel[]>(`loadDict/sys_user,realname,username?keyword=${wildcard}`);
      expect(res.body.result, wildcard).toEqual([]);
    }
    expect((await get<DictModel[]>('loadDict/sys_user,realname,username')).body.result).toHaveLength(10);
    expect(
      (await get<DictModel[]>('loadDict/sys_user,realname,username?pageSize=3')).body.result,
    ).toHaveLength(3);
    const exact = await get<DictModel[]>('loadDict/sys_user,realname,username?keyword=zhangwei,陈静');
    expect(texts(exact.body.result).sort()).toEqual(['张伟', '陈静'].sort());
    const quote = await get<DictModel[]>(
      `loadDict/sys_user,realname,username?keyword=${encodeURIComponent("a','b")}`,
    );
    expect(quote.body).toMatchObject({ success: true, result: [] });
  });

  it('loadDictItem translates table keys', async () => {
    expect((await get('loadDictItem/sys_user,realname,username?key=zhangwei,nobody')).body.result).toEqual([
      '张伟',
    ]);
    expect((await get('loadDictItem/sys_role,role_name,role_code?key=staff,admin')).body.result).toEqual([
      '普通员工',
      '管理员',
    ]);
  });

  it('a repeated parameter is refused', async () => {
    const res = await get('loadDict/sys_user,realname,username?keyword=a&keyword=b');
    expect(res.body.success).toBe(false);
  });

  const refused: [string, string][] = [
    ['sys_user,password_hash,username', '该字典表或字段未开放'],
    ['sys_user,realname,password_hash', '该字典表或字段未开放'],
    ['sys_user,phone,username', '该字典表或字段未开放'],
    ['pg_tables,tablename,schemaname', '该字典表或字段未开放'],
    ['SYS_USER,realname,username', '该字典表或字段未开放'],
    ['__proto__,realname,username', '该字典表或字段未开放'],
    ['sys_user,constructor,username', '该字典表或字段未开放'],
    ['sys_user,realname,username,1=1', '字典Code格式不正确！'],
    ['sys_user where 1=1,realname,username', '字典Code格式不正确！'],
    ['sys_user;drop,realname,username', '字典Code格式不正确！'],
    ['sys_user ,realname,username', '字典Code格式不正确！'],
    ['public.sys_user,realname,username', '字典Code格式不正确！'],
    ['"sys_user",realname,username', '字典Code格式不正确！'],
    ['sys_user t,realname,username', '字典Code格式不正确！'],
    ['sys_user,(select 1),username', '字典Code格式不正确！'],
    ['sys_user,realname', '字典Code格式不正确！'],
  ];

  it.each(refused)('refuses %s without running SQL on it', async (code, message) => {
    for (const endpoint of ['getDictItems', 'loadDict', 'loadDictItem']) {
      statements = [];
      const res = await get(`${endpoint}/${encodeURIComponent(code)}?keyword=a&key=a`);
      expect(res.body, endpoint).toMatchObject({ success: false, code: 500, message, result: null });
      expect(statements.filter((s) => TABLE_QUERY.test(s))).toEqual([]);
    }
  });

  it('the statement spy sees table queries when one does run', async () => {
    await get('getDictItems/sys_role,role_name,id');
    expect(statements.filter((s) => TABLE_QUERY.test(s))).toHaveLength(1);
    expect(statements.join('\n')).not.toMatch(/password_hash/);
  });
});
