import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { seedId } from './ids.js';

/** Dictionaries the proof declarations name beyond the foundation's (scene start / stop use). */
export const ENTITY_DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'scene_status',
    name: '场景状态',
    items: [
      ['0', '未启用'],
      ['1', '已启用'],
    ],
  },
];

export async function seedEntityDicts(trx: Transaction<Database>): Promise<void> {
  for (const dict of ENTITY_DICTS) {
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
