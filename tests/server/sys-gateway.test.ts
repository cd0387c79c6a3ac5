import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import declaration from '../../schemas/system/gateway-route.json';
import { GatewayMessages } from '../../server/sys/gateway/routes.js';
import { api, NO_PERMISSION, type Page } from './admin-config-helpers.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

interface Route {
  id: string;
  routerId: string;
  uri: string;
  predicates: string;
  orderNum: number;
  status: string;
  status_dictText: string;
}

let ctx: TestContext;
let admin: string;
let staff: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin', TEST_ADMIN_PASSWORD);
  staff = await ctx.login('chenjing', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const list = async (query = '') =>
  (await api<Page<Route>>(ctx, 'GET', `/sys/gatewayRoute/list${query}`, { token: admin })).result!;
const add = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'POST', '/sys/gatewayRoute/add', { token, payload });
const route = (routerId: string, extra: Record<string, unknown> = {}) => ({
  routerId,
  name: `路由${routerId}`,
  uri: 'lb://meeting-service',
  predicates: '[{"name":"Path","args":["/meeting/**"]}]',
  filters: '[]',
  ...extra,
});

describe('网关路由 (stored configuration only)', () => {
  it('says so in its title, its description and its column titles', () => {
    expect(declaration.title).toContain('配置');
    expect(declaration.description).toMatch(/^仅存储配置：本系统不包含网关/);
    const titles = declaration.fields.map((f) => f.title);
    expect(titles).toContain('目标地址（仅记录）');
    expect(titles).toContain('状态（仅记录）');
  });

  it('lists the stored routes by order with their status text', async () => {
    const page = await list();
    expect(page.records.map((r) => r.routerId)).toEqual(['reception-api', 'report-api', 'legacy-oa']);
    expect(page.records[2]).toMatchObject({ status: '0', status_dictText: '停用' });
  });

  it('stores a route with JSON predicates and filters', async () => {
    expect(
      await add(
        route('meeting-api', { filters: '[{"name":"StripPrefix","args":{"parts":"1"}}]', orderNum: 20 }),
      ),
    ).toMatchObject({ success: true });
    expect((await list('?routerId=meeting-api')).records[0]).toMatchObject({
      uri: 'lb://meeting-service',
      orderNum: 20,
      status: '1',
    });
  });

  it.each([
    [{ predicates: '[{"name":' }, GatewayMessages.notJson('断言')],
    [{ predicates: '{"name":"Path"}' }, GatewayMessages.notList('断言')],
    [{ filters: '[{"args":{}}]' }, GatewayMessages.notList('过滤器')],
    [{ uri: 'ftp://files' }, '目标地址以 lb://、http://、https://、ws:// 或 wss:// 开头'],
  ])('refuses %j', async (extra, message) => {
    expect(await add(route('bad-route', extra))).toMatchObject({ success: false, message });
    expect((await list('?routerId=bad-route')).total).toBe(0);
  });

  it('an edit is checked the same way', async () => {
    const { id } = (await list('?routerId=meeting-api')).records[0];
    expect(
      await api(ctx, 'PUT', '/sys/gatewayRoute/edit', { token: admin, payload: { id, filters: 'nope' } }),
    ).toMatchObject({ success: false, message: GatewayMessages.notJson('过滤器') });
  });

  it('refuses a duplicate route id and staff', async () => {
    expect(await add(route('report-api'))).toMatchObject({
      success: false,
      message: '路由ID：该值不可用，系统中已存在！',
    });
    expect(await add(route('staff-route'), staff)).toMatchObject(NO_PERMISSION);
    expect(await api(ctx, 'GET', '/sys/gatewayRoute/list', { token: staff })).toMatchObject(NO_PERMISSION);
  });
});
