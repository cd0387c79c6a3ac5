/** /sys/checkRule/checkByCode: rules kept as data, run safely. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSafePattern, UnsafePatternError } from '../../server/entity/safe-regex.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const check = (code: string, value: string, token?: string) =>
  ctx.get(
    `/sys/checkRule/checkByCode?ruleCode=${encodeURIComponent(code)}&value=${encodeURIComponent(value)}`,
    token,
  );

describe('seeded rules', () => {
  it('passes a value that meets every entry', async () => {
    expect(await check('common', 'a_123', ctx.staffToken)).toMatchObject({ success: true, code: 200 });
    expect(await check('order_no', 'AB123456')).toMatchObject({ success: true });
  });

  it('answers the first failing entry: positional digits, then whole-value entries', async () => {
    expect(await check('common', '1abc')).toMatchObject({ success: false, message: '第一位只能是字母' });
    expect(await check('common', 'ab-c')).toMatchObject({
      success: false,
      message: '只能填写数字、大小写字母、下划线',
    });
    expect(await check('common', 'ab')).toMatchObject({ success: false, message: '最少输入3位' });
    expect(await check('common', 'abcdefghijklm')).toMatchObject({ success: false, message: '最多输入12位' });
    expect(await check('order_no', 'Ab123456')).toMatchObject({
      success: false,
      message: '前两位必须是大写字母',
    });
    expect(await check('order_no', 'AB12345')).toMatchObject({
      success: false,
      message: '格式为两位大写字母加六位数字',
    });
  });

  it('runs only with both code and value; an unknown code is named', async () => {
    expect(await check('common', '')).toMatchObject({ success: true });
    expect(await ctx.get('/sys/checkRule/checkByCode?value=x')).toMatchObject({
      success: false,
      message: '参数错误：缺少ruleCode',
    });
    expect(await check('nope', 'x')).toMatchObject({ success: false, message: '该编码不存在' });
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/sys/checkRule/checkByCode?ruleCode=common&value=a',
    });
    expect(res.status).toBe(401);
  });
});

describe('rules from the database are run safely', () => {
  it('refuses a catastrophic pattern before running it, quickly', async () => {
    await sql`insert into sys_check_rule (id, rule_code, rule_name, rule_json)
      values ('cr_evil', 'evil', 'evil', ${JSON.stringify([{ digits: '*', pattern: '^(a+)+$', message: 'x' }])})`.execute(
      ctx.database.db,
    );
    const started = Date.now();
    const res = await check('evil', `${'a'.repeat(40)}!`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res).toMatchObject({ success: false, message: '校验规则配置错误：正则表达式存在嵌套量词' });
  });

  it('refuses a broken rule_json and a huge value', async () => {
    await sql`insert into sys_check_rule (id, rule_code, rule_name, rule_json)
      values ('cr_bad', 'bad', 'bad', 'not json')`.execute(ctx.database.db);
    expect(await check('bad', 'x')).toMatchObject({
      success: false,
      message: '校验规则配置错误：不是有效的JSON',
    });
    expect(await check('common', 'a'.repeat(501))).toMatchObject({
      success: false,
      message: '校验值过长，最多500个字符',
    });
  });

  it('classifies patterns', () => {
    for (const bad of ['(a+)+', '(a|aa)*', '((ab)*)+', '(a*)*b', '(x)\\1', '(?<=a)b', 'a'.repeat(201)])
      expect(() => checkSafePattern(bad), bad).toThrow(UnsafePatternError);
    for (const good of ['^[a-z]+$', '^(0|[1-9][0-9]*)$', '^(\\d{3})+$', '^[(a+)+]$', '^\\(a+\\)+$'])
      expect(checkSafePattern(good)).toBeInstanceOf(RegExp);
  });
});
