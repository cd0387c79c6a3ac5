import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/organisation.js';
import type { UserDepart } from '../../server/sys/departs.js';
import type { UserInfo } from '../../server/auth/user-info.js';
import { createTestContext, type TestContext } from './helpers.js';
import { authGet, tokenFor } from './sys-session.js';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // gaopeng belongs to two teams: 项目一组 (current) and 研发组.
  token = await tokenFor(ctx, 'gaopeng');
});
afterAll(() => ctx.close());

const departs = () =>
  ctx.call<{ list: UserDepart[]; orgCode: string }>(authGet(token, '/api/sys/user/getCurrentUserDeparts'));

const select = (body: Record<string, unknown>, as = token) =>
  ctx.call<{ userInfo: UserInfo }>({
    method: 'PUT',
    url: '/api/sys/selectDepart',
    headers: { 'x-access-token': as },
    payload: body,
  });

async function currentOrgCode(username: string): Promise<string | null> {
  const row = await ctx.database.db
    .selectFrom('sysUser')
    .select('orgCode')
    .where('id', '=', userId(username))
    .executeTakeFirstOrThrow();
  return row.orgCode;
}

describe('getCurrentUserDeparts', () => {
  it("lists the user's departments and the current orgCode", async () => {
    const res = await departs();
    expect(res.body.success).toBe(true);
    expect(res.body.result!.orgCode).toBe('A01A02A01');
    expect(res.body.result!.list).toEqual([
      {
        id: expect.any(String),
        parentId: expect.any(String),
        departName: '项目一组',
        orgCode: 'A01A02A01',
        orgCategory: '2',
        departOrder: 0,
      },
      expect.objectContaining({ departName: '研发组', orgCode: 'A01A03A01' }),
    ]);
  });

  it('needs a token', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts' });
    expect(res.status).toBe(401);
  });
});

describe('selectDepart', () => {
  it('refuses a department the user does not belong to', async () => {
    const res = await select({ username: 'gaopeng', orgCode: 'A01A04' });
    expect(res.body).toMatchObject({ success: false, code: 500, message: '该部门不属于当前用户' });
    expect(await currentOrgCode('gaopeng')).toBe('A01A02A01');
  });

  it("refuses to switch another user's department", async () => {
    const res = await select({ username: 'chenjing', orgCode: 'A01A03A01' });
    expect(res.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    const other = await tokenFor(ctx, 'chenjing');
    const cross = await select({ username: 'gaopeng', orgCode: 'A01A03A01' }, other);
    expect(cross.body.code).toBe(510);
    expect(await currentOrgCode('gaopeng')).toBe('A01A02A01');
    expect(await currentOrgCode('chenjing')).toBe('A01A02A01');
  });

  it('refuses an empty department', async () => {
    const res = await select({ username: 'gaopeng' });
    expect(res.body.success).toBe(false);
  });

  it('switches to one of the user departments and answers the new userInfo', async () => {
    const res = await select({ username: 'gaopeng', orgCode: 'A01A03A01' });
    expect(res.body).toMatchObject({ success: true, code: 200 });
    const { userInfo } = res.body.result!;
    expect(userInfo).toMatchObject({ username: 'gaopeng', orgCode: 'A01A03A01', orgCodeTxt: '研发组' });
    expect(userInfo).not.toHaveProperty('passwordHash');
    expect(await currentOrgCode('gaopeng')).toBe('A01A03A01');
    expect((await departs()).body.result!.orgCode).toBe('A01A03A01');
  });
});
