import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckRuleMessages } from '../../server/entity/check-rule.js';
import { api, NO_PERMISSION, type Page } from './admin-config-helpers.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

interface Rule {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  rowVersion: number;
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
  (await api<Page<Rule>>(ctx, 'GET', `/sys/checkRule/list${query}`, { token: admin })).result!;
const add = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'POST', '/sys/checkRule/add', { token, payload });
const edit = (payload: Record<string, unknown>) =>
  api(ctx, 'PUT', '/sys/checkRule/edit', { token: admin, payload });
const check = (ruleCode: string, value: string) =>
  api(ctx, 'GET', `/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(value)}`, {
    token: staff,
  });
const digitsOnly = JSON.stringify([{ digits: '*', pattern: '^[0-9]{6}$', message: '请输入6位数字' }]);

describe('编码校验规则', () => {
  it('lists the seeded rules', async () => {
    const page = await list();
    expect(page.records.map((r) => r.ruleCode).sort()).toEqual(['common', 'order_no']);
  });

  it('a new rule is used by checkByCode at once', async () => {
    expect(await add({ ruleName: '邮政编码', ruleCode: 'postcode', ruleJson: digitsOnly })).toMatchObject({
      success: true,
    });
    expect(await check('postcode', '100101')).toMatchObject({
      success: true,
      message: CheckRuleMessages.passed,
    });
    expect(await check('postcode', '10010')).toMatchObject({ success: false, message: '请输入6位数字' });
  });

  it.each([
    ['not JSON', '[{', CheckRuleMessages.badRule('不是有效的JSON')],
    ['not a list', '{"digits":"*"}', CheckRuleMessages.badRule('应为1-20条规则的列表')],
    ['an empty list', '[]', CheckRuleMessages.badRule('应为1-20条规则的列表')],
    ['no pattern', '[{"digits":"*"}]', CheckRuleMessages.badRule('每条规则需要digits和pattern')],
    [
      'a bad digits value',
      '[{"digits":"0","pattern":"^a$"}]',
      CheckRuleMessages.badRule('每条规则需要digits和pattern'),
    ],
  ])('refuses a rule that is %s, stores nothing', async (_what, ruleJson, message) => {
    expect(await add({ ruleName: '错误规则', ruleCode: 'broken_rule', ruleJson })).toMatchObject({
      success: false,
      message,
    });
    expect((await list('?ruleCode=broken_rule')).total).toBe(0);
  });

  it('refuses a pattern that could run away (catastrophic backtracking)', async () => {
    const answer = await add({
      ruleName: '危险规则',
      ruleCode: 'redos_rule',
      ruleJson: JSON.stringify([{ digits: '*', pattern: '^(a+)+$', message: 'x' }]),
    });
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/^校验规则配置错误：/);
  });

  it('an edit to a broken rule is refused and the stored rule keeps working', async () => {
    const row = (await list('?ruleCode=postcode')).records[0];
    expect(await edit({ id: row.id, ruleJson: 'oops' })).toMatchObject({
      success: false,
      message: CheckRuleMessages.badRule('不是有效的JSON'),
    });
    expect(await check('postcode', '100101')).toMatchObject({ success: true });
    expect(await edit({ id: row.id, ruleName: '邮编' })).toMatchObject({ success: true });
  });

  it('refuses a duplicate code and staff', async () => {
    expect(await add({ ruleName: '重复', ruleCode: 'common', ruleJson: digitsOnly })).toMatchObject({
      success: false,
      message: '规则编码：该值不可用，系统中已存在！',
    });
    expect(
      await add({ ruleName: '越权', ruleCode: 'staff_rule', ruleJson: digitsOnly }, staff),
    ).toMatchObject(NO_PERMISSION);
    expect(await api(ctx, 'GET', '/sys/checkRule/list', { token: staff })).toMatchObject(NO_PERMISSION);
  });
});
