import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../schema.js';
import { seedId } from './ids.js';

/** Two check rules for /sys/checkRule/checkByCode, in JeecgBoot's rule_json format. */
export const CHECK_RULES = [
  {
    code: 'common',
    name: '通用编码规则',
    json: [
      { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母' },
      { digits: '*', pattern: '^[0-9a-zA-Z_]*$', message: '只能填写数字、大小写字母、下划线' },
      { digits: '*', pattern: '^.{3,}$', message: '最少输入3位' },
      { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位' },
    ],
  },
  {
    code: 'order_no',
    name: '单号规则',
    json: [
      { digits: '2', pattern: '^[A-Z]{2}$', message: '前两位必须是大写字母' },
      { digits: '*', pattern: '^[A-Z]{2}[0-9]{6}$', message: '格式为两位大写字母加六位数字' },
    ],
  },
];

export async function seedCheckRules(trx: Transaction<Database>): Promise<void> {
  for (const rule of CHECK_RULES) {
    await sql`insert into sys_check_rule (id, rule_code, rule_name, rule_json, create_by)
      values (${seedId(`checkRule:${rule.code}`)}, ${rule.code}, ${rule.name}, ${JSON.stringify(rule.json)}, 'admin')`.execute(
      trx,
    );
  }
}
