/**
 * 填值规则 (schemas/system/fill-rule.json, generated routes at /sys/fillRule): a rule is saved only
 * with a known generator and parameters it accepts; PUT /sys/fillRule/executeRuleByCode/{ruleCode}
 * (JeecgBoot's call, the body is the form's values so far) answers the rule's next value.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { checkId, guarded } from '../../entity/route-kit.js';
import { ApiError, ok } from '../../result.js';
import { installSaveGuard, type SaveMode } from '../config/save-guard.js';
import { adminDb } from '../config/tables.js';
import { parseFillRule } from './classes.js';
import { nextFillValue } from './generate.js';

export const FILL_RULE_BASE = '/sys/fillRule';
const CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

async function checkFillRuleSave(db: Db, body: Record<string, unknown>, mode: SaveMode): Promise<void> {
  let ruleClass = body.ruleClass;
  let ruleParams = body.ruleParams;
  if (mode === 'edit' && (ruleClass === undefined || ruleParams === undefined)) {
    const stored = await adminDb(db)
      .selectFrom('sysFillRule')
      .select(['ruleClass', 'ruleParams'])
      .where('id', '=', checkId(body.id))
      .executeTakeFirst();
    // The generated edit answers "not found" itself.
    if (!stored) return;
    ruleClass ??= stored.ruleClass;
    ruleParams ??= stored.ruleParams;
  }
  parseFillRule(String(ruleClass ?? ''), typeof ruleParams === 'string' ? ruleParams : '{}');
}

export function registerFillRuleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  installSaveGuard(app, deps.config.apiBase, {
    basePath: FILL_RULE_BASE,
    check: (body, mode) => checkFillRuleSave(db, body, mode),
  });

  // Any signed-in user: a form asks for its number as it opens (a number taken and not used is a gap).
  app.put<{ Params: { ruleCode: string } }>(
    `${FILL_RULE_BASE}/executeRuleByCode/:ruleCode`,
    { config: { access: 'authenticated' } },
    (request) =>
      guarded(async () => {
        const code = request.params.ruleCode;
        if (!CODE.test(code)) throw new ApiError('参数错误：规则编码格式不正确');
        const body = request.body;
        const record =
          typeof body === 'object' && body !== null && !Array.isArray(body)
            ? (body as Record<string, unknown>)
            : {};
        const value = await nextFillValue(db, code, {
          now: new Date(),
          record,
          timeZone: deps.config.timeZone,
        });
        return ok(value);
      }),
  );
}
