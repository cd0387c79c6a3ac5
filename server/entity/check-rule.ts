/**
 * GET /sys/checkRule/checkByCode?ruleCode&value: runs a check rule kept as data (sys_check_rule,
 * JeecgBoot's format). rule_json is a list of {digits, pattern, message}: an entry with a number
 * of digits checks the next that many characters (entries in order), an entry with '*' checks the
 * whole value. The first failing entry's message is the answer. An empty value is not checked
 * (whether a value is required is the form's rule, not this one).
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { single } from '../../runtime/model/query/compile.js';
import { ApiError, fail, okMessage } from '../result.js';
import { access, guarded, queryOf } from './route-kit.js';
import { checkSafePattern, MAX_VALUE_LENGTH, UnsafePatternError } from './safe-regex.js';

export const CheckRuleMessages = {
  noCode: '参数错误：缺少ruleCode',
  unknown: '该编码不存在',
  passed: '校验通过',
  tooLong: `校验值过长，最多${MAX_VALUE_LENGTH}个字符`,
  badRule: (reason: string) => `校验规则配置错误：${reason}`,
} as const;

export interface CheckRuleEntry {
  digits: string;
  pattern: string;
  message: string;
}

/** Parses and checks a stored rule_json; throws ApiError naming what is wrong with it. */
export function parseRuleJson(json: string): { digits: number | null; regex: RegExp; message: string }[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ApiError(CheckRuleMessages.badRule('不是有效的JSON'));
  }
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 20)
    throw new ApiError(CheckRuleMessages.badRule('应为1-20条规则的列表'));
  return raw.map((item: unknown) => {
    const entry = item as Partial<CheckRuleEntry> | null;
    const digits = String(entry?.digits ?? '');
    if (typeof entry?.pattern !== 'string' || !/^(\*|[1-9]\d{0,2})$/.test(digits))
      throw new ApiError(CheckRuleMessages.badRule('每条规则需要digits和pattern'));
    try {
      return {
        digits: digits === '*' ? null : Number(digits),
        regex: checkSafePattern(entry.pattern),
        message: typeof entry.message === 'string' && entry.message ? entry.message : '校验未通过',
      };
    } catch (error) {
      if (error instanceof UnsafePatternError) throw new ApiError(CheckRuleMessages.badRule(error.message));
      throw error;
    }
  });
}

/** The first failing entry's message, or null when the value passes. */
export function runCheckRule(json: string, value: string): string | null {
  if (value.length > MAX_VALUE_LENGTH) return CheckRuleMessages.tooLong;
  let offset = 0;
  for (const entry of parseRuleJson(json)) {
    let part = value;
    if (entry.digits !== null) {
      part = value.slice(offset, offset + entry.digits);
      offset += entry.digits;
    }
    if (!entry.regex.test(part)) return entry.message;
  }
  return null;
}

async function ruleJsonOf(db: Db, code: string): Promise<string | undefined> {
  const rows = await sql<{ ruleJson: string }>`
    select rule_json from sys_check_rule where rule_code = ${code}`.execute(db);
  return rows.rows[0]?.ruleJson;
}

export function registerCheckRule(app: FastifyInstance, db: Db): void {
  app.get('/sys/checkRule/checkByCode', access(null), (request) =>
    guarded(async () => {
      const params = queryOf(request);
      const code = single(params, 'ruleCode') ?? '';
      const value = single(params, 'value') ?? '';
      if (code === '') throw new ApiError(CheckRuleMessages.noCode);
      if (value === '') return okMessage(CheckRuleMessages.passed);
      const json = await ruleJsonOf(db, code);
      if (json === undefined) throw new ApiError(CheckRuleMessages.unknown);
      const failure = runCheckRule(json, value);
      return failure === null ? okMessage(CheckRuleMessages.passed) : fail(failure);
    }),
  );
}
