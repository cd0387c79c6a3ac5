/**
 * Data rules of a menu entry (数据规则; docs/modules/system-admin.md): GET getPermRuleListByPermId
 * and queryPermissionRule, POST addPermissionRule, PUT / POST editPermissionRule, DELETE
 * deletePermissionRule?id, and GET dataRuleFields?permissionId (what the rule form offers). A rule
 * names a filterable field of the declared screen the menu opens, an operator of the fixed list and
 * a literal or a system variable; anything else is refused when saved. A deleted rule is taken off
 * every grant that chose it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/seed/ids.js';
import { asRecord } from '../../entity/body.js';
import { DATA_RULE_OPERATORS, ruleProblem } from '../../entity/data-scope.js';
import { checkId, guarded, idParam } from '../../entity/route-kit.js';
import { likePattern } from '../../entity/sql.js';
import { ApiError, ok, okMessage } from '../../result.js';
import { actorOf, everyonesPermissionsChanged, perm, queryText, text } from './admin-kit.js';
import type { DeclaredScreens } from './declared-screens.js';
import { MenuPerms, RuleMessages } from './model.js';

export const OPERATOR_TEXT: Readonly<Record<string, string>> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
  in: '在其中（逗号分隔）',
  like: '包含',
  left_like: '以…结尾',
  right_like: '以…开头',
};

export const VARIABLE_TEXT: Readonly<Record<string, string>> = {
  '#{sysUserCode}': '当前用户账号',
  '#{sysUserId}': '当前用户编号',
  '#{sysOrgCode}': '当前用户部门编码',
  '#{sysTenantId}': '当前租户',
  '#{sysDate}': '当前日期',
};

const LIMITS = { ruleName: 50, ruleColumn: 50, ruleConditions: 20, ruleValue: 300 } as const;

interface RuleInput {
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

function readRule(body: Record<string, unknown>): RuleInput {
  const input: RuleInput = {
    ruleName: text(body.ruleName) ?? '',
    ruleColumn: text(body.ruleColumn) ?? '',
    ruleConditions: text(body.ruleConditions) ?? '',
    ruleValue: text(body.ruleValue) ?? '',
    status: text(body.status) ?? '1',
  };
  if (input.ruleName === '') throw new ApiError(RuleMessages.noName);
  for (const [name, max] of Object.entries(LIMITS))
    if (input[name as keyof typeof LIMITS].length > max) throw new ApiError(`长度不能超过${max}个字符`);
  if (input.status !== '0' && input.status !== '1') throw new ApiError('状态只能是有效或无效');
  return input;
}

export function registerMenuRuleRoutes(app: FastifyInstance, db: Db, screens: DeclaredScreens): void {
  const access = perm(MenuPerms.dataRule);

  /** The declared screen the menu entry opens: a rule's field must be one of its fields. */
  const screenOf = async (permissionId: string) => {
    const menu = await db
      .selectFrom('sysPermission')
      .select(['id', 'component', 'menuType'])
      .where('id', '=', permissionId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!menu) throw new ApiError(RuleMessages.notMenu);
    const model = screens.modelOfComponent(menu.component);
    if (!model) throw new ApiError(RuleMessages.notDeclared);
    return model;
  };

  const checked = async (permissionId: string, input: RuleInput) => {
    const problem = ruleProblem(await screenOf(permissionId), input);
    if (problem) throw new ApiError(problem);
  };

  const rulesOf = (permissionId: string, request?: FastifyRequest) => {
    let query = db.selectFrom('sysPermissionDataRule').selectAll().where('permissionId', '=', permissionId);
    for (const name of ['ruleName', 'ruleValue', 'ruleColumn'] as const) {
      const word = request ? queryText(request, name).slice(0, 100) : '';
      if (word) query = query.where(name, 'ilike', likePattern(word, 'contains'));
    }
    return query.orderBy('createTime').orderBy('id').execute();
  };

  app.get('/sys/permission/getPermRuleListByPermId', access, (request) =>
    guarded(async () => ok(await rulesOf(checkId(queryText(request, 'permissionId'))))),
  );

  app.get('/sys/permission/queryPermissionRule', access, (request) =>
    guarded(async () => ok(await rulesOf(checkId(queryText(request, 'permissionId')), request))),
  );

  app.get('/sys/permission/dataRuleFields', access, (request) =>
    guarded(async () => {
      const model = await screenOf(checkId(queryText(request, 'permissionId')));
      return ok({
        entity: model.title,
        fields: model.fields
          .filter((f) => f.filterable && f.readable)
          .map((f) => ({ name: f.name, title: f.title, type: f.type })),
        operators: DATA_RULE_OPERATORS.map((value) => ({ value, text: OPERATOR_TEXT[value] ?? value })),
        variables: Object.entries(VARIABLE_TEXT).map(([value, label]) => ({ value, text: label })),
      });
    }),
  );

  app.post('/sys/permission/addPermissionRule', access, (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const permissionId = checkId(body.permissionId);
      const input = readRule(body);
      await checked(permissionId, input);
      await db
        .insertInto('sysPermissionDataRule')
        .values({ id: newId(), permissionId, ...input, createBy: actorOf(request) })
        .execute();
      await everyonesPermissionsChanged(db); // data scopes are cached with the permission codes
      return okMessage(RuleMessages.added);
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const id = checkId(body.id);
      const stored = await db
        .selectFrom('sysPermissionDataRule')
        .select('permissionId')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!stored) throw new ApiError(RuleMessages.notFound);
      const input = readRule(body);
      await checked(stored.permissionId, input);
      await db
        .updateTable('sysPermissionDataRule')
        .set({ ...input, updateBy: actorOf(request), updateTime: new Date() })
        .where('id', '=', id)
        .execute();
      await everyonesPermissionsChanged(db);
      return okMessage(RuleMessages.edited);
    });
  app.put('/sys/permission/editPermissionRule', access, edit);
  app.post('/sys/permission/editPermissionRule', access, edit);

  app.delete('/sys/permission/deletePermissionRule', access, (request) =>
    guarded(async () => {
      const id = idParam(request);
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('sysPermissionDataRule').where('id', '=', id).executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) throw new ApiError(RuleMessages.notFound);
        for (const table of ['sys_role_permission', 'sys_depart_permission', 'sys_depart_role_permission'])
          await sql`update ${sql.table(table)} set data_rule_ids = nullif(
              array_to_string(array_remove(string_to_array(data_rule_ids, ','), ${id}), ','), '')
            where position(${id} in coalesce(data_rule_ids, '')) > 0`.execute(trx);
      });
      await everyonesPermissionsChanged(db);
      return okMessage(RuleMessages.deleted);
    }),
  );
}
