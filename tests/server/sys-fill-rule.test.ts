import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FillRuleMessages,
  formatDatePattern,
  segmentNumber,
  segmentOf,
} from '../../server/sys/fill-rule/classes.js';
import { nextFillValue } from '../../server/sys/fill-rule/generate.js';
import { api, NO_PERMISSION, type Page } from './admin-config-helpers.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

interface Rule {
  id: string;
  ruleCode: string;
  ruleClass: string;
  ruleClass_dictText: string;
  ruleParams: string;
}

let ctx: TestContext;
let admin: string;
let staff: string;
const ZONE = 'Asia/Shanghai';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin', TEST_ADMIN_PASSWORD);
  staff = await ctx.login('chenjing', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const next = (code: string, now: Date, record: Record<string, unknown> = {}) =>
  nextFillValue(ctx.database.db, code, { now, record, timeZone: ZONE });
const add = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'POST', '/sys/fillRule/add', { token, payload });
const list = async (query = '') =>
  (await api<Page<Rule>>(ctx, 'GET', `/sys/fillRule/list${query}`, { token: admin })).result!;

describe('numbers', () => {
  it('work orders: WO + the day + a 4-digit number that starts again each day', async () => {
    const day1 = new Date('2031-11-22T01:00:00Z'); // 09:00 in Beijing
    expect(await next('work_order_no', day1)).toBe('WO20311122-0001');
    expect(await next('work_order_no', day1)).toBe('WO20311122-0002');
    // 23:30 UTC is already the next day in Beijing: a new day, a new series.
    expect(await next('work_order_no', new Date('2031-11-22T16:30:00Z'))).toBe('WO20311123-0001');
    expect(await next('work_order_no', day1)).toBe('WO20311122-0003');
  });

  it('PUT /sys/fillRule/executeRuleByCode/{code} answers the next value for any signed-in user', async () => {
    const answer = await api<string>(ctx, 'PUT', '/sys/fillRule/executeRuleByCode/work_order_no', {
      token: staff,
      payload: {},
    });
    const today = formatDatePattern('yyyyMMdd', new Date(), ZONE);
    expect(answer).toMatchObject({
      success: true,
      result: expect.stringMatching(new RegExp(`^WO${today}-\\d{4}$`)),
    });
    expect(
      await api(ctx, 'PUT', '/sys/fillRule/executeRuleByCode/no_such_rule', { token: staff, payload: {} }),
    ).toMatchObject({ success: false, message: FillRuleMessages.unknownRule('no_such_rule') });
    expect(
      await api(ctx, 'PUT', '/sys/fillRule/executeRuleByCode/bad%20code', { token: staff, payload: {} }),
    ).toMatchObject({ success: false });
    expect(
      (await ctx.call({ method: 'PUT', url: '/api/sys/fillRule/executeRuleByCode/work_order_no' })).status,
    ).toBe(401);
  });

  it('a plain sequence never starts again', async () => {
    const first = await next('contract_no', new Date('2031-01-01T00:00:00Z'));
    const second = await next('contract_no', new Date('2032-06-01T00:00:00Z'));
    expect(first).toMatch(/^HT\d{6}$/);
    expect(Number(second.slice(2))).toBe(Number(first.slice(2)) + 1);
  });

  it('department codes follow the highest code under the parent', async () => {
    const departs = await ctx.database.db.selectFrom('sysDepart').select(['id', 'orgCode']).execute();
    const root = departs.find((d) => d.orgCode === 'A01')!;
    const children = departs.filter((d) => d.orgCode.length === 6 && d.orgCode.startsWith('A01'));
    const highest = Math.max(...children.map((d) => segmentNumber(d.orgCode.slice(3))));
    const now = new Date();
    expect(await next('depart_org_code', now, { parentId: root.id })).toBe(`A01${segmentOf(highest + 1)}`);
    expect(await next('depart_org_code', now, { parentId: root.id })).toBe(`A01${segmentOf(highest + 2)}`);
    // Top level: after A01.
    expect(await next('depart_org_code', now, { parentId: '' })).toBe('A02');
    await expect(next('depart_org_code', now, { parentId: 'nosuchdepart' })).rejects.toThrow(
      FillRuleMessages.noParent,
    );
    expect([segmentOf(1), segmentOf(99), segmentOf(100), segmentOf(26 * 99 + 1)]).toEqual([
      'A01',
      'A99',
      'B01',
      null,
    ]);
  });
});

describe('concurrency', () => {
  it('50 parallel calls get 50 distinct, consecutive numbers', async () => {
    const now = new Date('2033-03-03T04:00:00Z');
    const values = await Promise.all(Array.from({ length: 50 }, () => next('work_order_no', now)));
    const numbers = values.map((v) => Number(v.slice(-4))).sort((a, b) => a - b);
    expect(new Set(values).size).toBe(50);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('50 parallel requests get 50 distinct numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api<string>(ctx, 'PUT', '/sys/fillRule/executeRuleByCode/contract_no', { token: staff, payload: {} }),
      ),
    );
    const numbers = answers.map((a) => Number(a.result!.slice(2))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers[49] - numbers[0]).toBe(49);
  });

  it('a number taken inside a transaction that rolls back is handed out again, never twice', async () => {
    const now = new Date('2034-04-04T04:00:00Z');
    const kept: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.database.db
          .transaction()
          .execute(async (trx) => {
            const value = await nextFillValue(trx, 'work_order_no', { now, record: {}, timeZone: ZONE });
            if (i % 2 === 1) throw new Error('rolled back');
            kept.push(value);
          })
          .catch(() => undefined),
      ),
    );
    expect(kept.map((v) => v.slice(-4)).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(4, '0')),
    );
  });
});

describe('the 填值规则 screen', () => {
  it('lists the seeded rules with their type text', async () => {
    const page = await list('?pageSize=50');
    expect(page.records.map((r) => r.ruleCode).sort()).toEqual(
      [
        'contract_no',
        'demand_no',
        'depart_org_code',
        'meeting_no',
        'office_asset_no',
        'office_borrow_no',
        'office_request_no',
        'office_stock_in_no',
        'plan_no',
        'project_no',
        'reception_no',
        'vehicle_booking_no',
        'work_order_no',
      ].sort(),
    );
    expect(page.records.find((r) => r.ruleCode === 'work_order_no')).toMatchObject({
      ruleClass: 'dateSequence',
      ruleClass_dictText: '日期流水号',
    });
  });

  it('a new rule numbers at once', async () => {
    expect(
      await add({
        ruleName: '来访编号',
        ruleCode: 'visit_no',
        ruleClass: 'dateSequence',
        ruleParams: '{"prefix":"FK","datePattern":"yyMM","separator":"/","digits":3}',
      }),
    ).toMatchObject({ success: true });
    expect(await next('visit_no', new Date('2031-05-05T05:00:00Z'))).toBe('FK3105/001');
  });

  it.each([
    ['unknownClass', '{}', FillRuleMessages.badClass],
    ['sequence', '[1]', FillRuleMessages.notJson],
    ['sequence', '{"prefix":"A","color":"red"}', FillRuleMessages.unknownParam('color')],
    ['sequence', '{"digits":20}', FillRuleMessages.digits],
    ['dateSequence', '{"datePattern":"yyyy-MM-dd %s"}', FillRuleMessages.datePattern],
    ['dateSequence', '{"prefix":"单号"}', FillRuleMessages.prefix],
    ['orgCode', '{"parentField":"parent id"}', FillRuleMessages.parentField],
  ])('refuses %s with %s', async (ruleClass, ruleParams, message) => {
    expect(await add({ ruleName: '错误', ruleCode: 'bad_rule', ruleClass, ruleParams })).toMatchObject({
      success: false,
      message,
    });
    expect((await list('?ruleCode=bad_rule')).total).toBe(0);
  });

  it('an edit is checked against the stored class', async () => {
    const { id } = (await list('?ruleCode=contract_no')).records[0];
    expect(
      await api(ctx, 'PUT', '/sys/fillRule/edit', {
        token: admin,
        payload: { id, ruleParams: '{"datePattern":"yyyy"}' },
      }),
    ).toMatchObject({ success: false, message: FillRuleMessages.unknownParam('datePattern') });
  });

  it('refuses a duplicate code and staff', async () => {
    expect(
      await add({ ruleName: '重复', ruleCode: 'work_order_no', ruleClass: 'sequence', ruleParams: '{}' }),
    ).toMatchObject({ success: false, message: '规则编码：该值不可用，系统中已存在！' });
    expect(await add({ ruleName: '越权', ruleCode: 'x_rule', ruleClass: 'sequence' }, staff)).toMatchObject(
      NO_PERMISSION,
    );
  });
});
