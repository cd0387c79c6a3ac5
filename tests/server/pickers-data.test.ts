import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departId, ROLES } from '../../server/db/seed/organisation.js';
import { OFFICE_ROLE } from '../../server/office/model.js';
import type { DepartNode } from '../../server/sys/pickers.js';
import type { Pcaa } from '../../server/sys/regions.js';
import { createTestContext, type TestContext } from './helpers.js';
import { authGet, tokenFor } from './sys-session.js';

// The seeded roles and the one the office module adds at start (行政办公室, docs/modules/office.md).
const ROLE_CODES = [...ROLES.map((r) => r.code), OFFICE_ROLE].sort();

interface UserRow {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  orgCodeTxt: string | null;
}
interface UserPage {
  records: UserRow[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // An ordinary member of staff: pickers are for every signed-in user, not only administrators.
  token = await tokenFor(ctx, 'chenjing');
});
afterAll(() => ctx.close());

const get = <T>(url: string) => ctx.call<T>(authGet(token, url));

describe('department picker data', () => {
  it('answers the whole tree with the organisation at the root', async () => {
    const res = await get<DepartNode[]>('/api/sys/sysDepart/queryTreeList');
    expect(res.body.success).toBe(true);
    const [root] = res.body.result!;
    expect(res.body.result).toHaveLength(1);
    expect(root).toMatchObject({
      title: '智慧接待中心',
      orgCode: 'A01',
      isLeaf: false,
      key: root.id,
      value: root.id,
    });
    expect(root.children!.map((c) => c.departName)).toEqual([
      '综合办公室',
      '项目管理部',
      '技术部',
      '接待服务部',
    ]);
    const team = root.children![2].children![0];
    expect(team).toMatchObject({ departName: '研发组', isLeaf: true, parentId: root.children![2].id });
  });

  it('searches by name, with LIKE wildcards taken literally', async () => {
    const found = await get<DepartNode[]>(
      `/api/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('项目')}`,
    );
    expect(found.body.result!.map((d) => d.departName)).toEqual(['项目管理部', '项目一组', '项目二组']);
    const wildcard = await get<DepartNode[]>('/api/sys/sysDepart/searchBy?keyWord=%25');
    expect(wildcard.body.result).toEqual([]);
    const empty = await get<DepartNode[]>('/api/sys/sysDepart/searchBy?keyWord=');
    expect(empty.body.result).toEqual([]);
  });
});

describe('user picker data', () => {
  it('pages every user without contact data or credentials', async () => {
    const res = await get<UserPage>('/api/sys/user/queryUserComponentData?pageNo=1&pageSize=5');
    const page = res.body.result!;
    expect(page.records).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page).toMatchObject({ size: 5, current: 1, pages: Math.ceil(page.total / 5) });
    const text = JSON.stringify(page);
    expect(text).not.toMatch(/passwordHash|phone|email/);
  });

  it('leaves frozen users out (dongjie of 前台接待组 is frozen in the seed)', async () => {
    const res = await get<UserPage>(
      `/api/sys/user/queryUserComponentData?departId=${departId('A01A04A01')}&pageSize=50`,
    );
    const names = res.body.result!.records.map((r) => r.username);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('dongjie');
    const searched = await get<UserPage>('/api/sys/user/queryUserComponentData?username=dongjie');
    expect(searched.body.result).toMatchObject({ records: [], total: 0 });
  });

  it("lists a department's branch (its sub-departments' users too)", async () => {
    const res = await get<UserPage>(
      `/api/sys/user/queryUserComponentData?departId=${departId('A01A03')}&pageSize=50`,
    );
    const names = res.body.result!.records.map((r) => r.username).sort();
    // gaopeng belongs to 项目一组 and 研发组.
    expect(names).toEqual(['gaopeng', 'huangmin', 'liuyang', 'wuxia', 'zhaolei', 'zhoujie']);
    const team = await get<UserPage>(
      `/api/sys/user/queryUserComponentData?departId=${departId('A01A03A02')}`,
    );
    expect(team.body.result!.records.map((r) => r.username).sort()).toEqual(['wuxia', 'zhoujie']);
    expect(team.body.result!.records[0].orgCodeTxt).toBe('运维组');
  });

  it("lists only the people of the caller's tenant", async () => {
    const admin = await tokenFor(ctx, 'admin');
    const inTenant = async (tenant: string) => {
      const res = await ctx.call<UserPage>({
        method: 'GET',
        url: '/api/sys/user/queryUserComponentData?pageSize=100',
        headers: { 'x-access-token': admin, 'tenant-id': tenant },
      });
      return res.body.result!.records.map((r) => r.username);
    };
    // Only admin belongs to tenant 2 as well as 1.
    expect(await inTenant('2')).toEqual(['admin']);
    const first = await inTenant('1');
    expect(first).toContain('chenjing');
    expect(first).toContain('admin');
  });

  it('searches by account and caps the page size', async () => {
    const res = await get<UserPage>('/api/sys/user/queryUserComponentData?username=zhao');
    expect(res.body.result!.records.map((r) => r.username)).toEqual(['zhaolei']);
    const big = await get<UserPage>('/api/sys/user/queryUserComponentData?pageSize=100000&pageNo=-3');
    expect(big.body.result).toMatchObject({ size: 100, current: 1 });
    const unknown = await get<UserPage>('/api/sys/user/queryUserComponentData?departId=nope');
    expect(unknown.body.result).toMatchObject({ records: [], total: 0 });
  });
});

describe('roles and regions', () => {
  it('lists the roles by code', async () => {
    const res = await get<{ roleCode: string; roleName: string }[]>('/api/sys/role/queryall');
    expect(res.body.result!.map((r) => r.roleCode)).toEqual(ROLE_CODES);
  });

  it('answers the region table under the root 86, three levels deep', async () => {
    const res = await get<Pcaa>('/api/sys/area/pcaa');
    const pcaa = res.body.result!;
    expect(Object.keys(pcaa['86'])).toHaveLength(34);
    expect(pcaa['86']['110000']).toBe('北京市');
    expect(pcaa['110000']).toEqual({ '110100': '北京市' });
    expect(pcaa['110100']['110108']).toBe('海淀区');
  });

  it('needs a signed-in user', async () => {
    for (const url of [
      '/api/sys/sysDepart/queryTreeList',
      '/api/sys/sysDepart/searchBy?keyWord=a',
      '/api/sys/user/queryUserComponentData',
      '/api/sys/role/queryall',
      '/api/sys/area/pcaa',
    ]) {
      const res = await ctx.call({ method: 'GET', url });
      expect(res.status, url).toBe(401);
    }
  });
});
