import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { seedId } from './ids.js';

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
  for (const dict of ADMIN_CONFIG_DICTS) {
    const dictId = seedId(`dict:${dict.code}`);
    await trx
      .insertInto('sysDict')
      .values({ id: dictId, dictCode: dict.code, dictName: dict.name, delFlag: 0, createBy: 'admin' })
      .execute();
    await trx
      .insertInto('sysDictItem')
      .values(
        dict.items.map(([value, text], i) => ({
          id: seedId(`dictItem:${dict.code}:${value}`),
          dictId,
          itemValue: value,
          itemText: text,
          sortOrder: i + 1,
          status: 1,
          createBy: 'admin',
        })),
      )
      .execute();
  }
}
