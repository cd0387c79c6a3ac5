import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { insertDicts } from './dicts.js';

/** Dictionaries of the administration screens of issue 10 (tenants, settings, rules, sources). */
export const ADMIN_CONFIG_DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'tenant_status',
    name: '租户状态',
    items: [
      ['1', '正常'],
      ['0', '冻结'],
    ],
  },
  {
    code: 'config_type',
    name: '配置值类型',
    items: [
      ['string', '文本'],
      ['number', '数字'],
      ['boolean', '布尔'],
      ['json', 'JSON'],
    ],
  },
  {
    code: 'fill_rule_class',
    name: '填值规则类型',
    items: [
      ['dateSequence', '日期流水号'],
      ['sequence', '流水号'],
      ['orgCode', '部门编码'],
    ],
  },
  { code: 'data_source_type', name: '数据库类型', items: [['postgresql', 'PostgreSQL']] },
  {
    code: 'enable_status',
    name: '启用状态',
    items: [
      ['1', '启用'],
      ['0', '停用'],
    ],
  },
];

export async function seedAdminConfigDicts(trx: Transaction<Database>): Promise<void> {
  await insertDicts(trx, ADMIN_CONFIG_DICTS);
}
