/**
 * 编码校验规则 (schemas/system/check-rule.json, generated routes at /sys/checkRule): a rule is
 * saved only when /sys/checkRule/checkByCode could run it, so a broken rule is refused with the
 * reason instead of failing later in somebody's form.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { parseRuleJson } from '../../entity/check-rule.js';
import { installSaveGuard } from '../config/save-guard.js';

export const CHECK_RULE_BASE = '/sys/checkRule';

export function registerCheckRuleAdmin(app: FastifyInstance, deps: AppDeps): void {
  installSaveGuard(app, deps.config.apiBase, {
    basePath: CHECK_RULE_BASE,
    check: (body) => {
      // On edit an absent rule keeps the stored (already checked) one.
      if (typeof body.ruleJson === 'string' && body.ruleJson.trim() !== '') parseRuleJson(body.ruleJson);
    },
  });
}
