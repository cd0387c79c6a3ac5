/**
 * `_dictText` beside dictionary fields (server/entity/dict-text.ts): each distinct dictionary is read
 * once for all its fields (three user fields are one read of sys_user) and the system dictionaries of
 * all fields in one statement; comma lists translate value by value, unknown values have no text.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { DatabaseHandle } from '../../server/db/database.js';
import { addDictText } from '../../server/entity/dict-text.js';
import type { Row } from '../../server/entity/store.js';
import { openTestDatabase } from './template-db.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

/** Counts the statements a db runs. */
function counting(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      this.count += 1;
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
}

const USER_DICT = 'sys_user,realname,username';
const model = {
  fields: [
    { name: 'manager', dict: USER_DICT, readable: true },
    { name: 'members', dict: USER_DICT, readable: true },
    { name: 'createBy', dict: USER_DICT, readable: true },
    { name: 'sex', dict: 'sex', readable: true },
    { name: 'priority', dict: 'urgent_level', readable: true },
    { name: 'secret', dict: 'sex', readable: false },
  ],
} as unknown as EntityModel;

describe('dictionary texts of answered rows', () => {
  it('reads sys_user once for three user fields and both system dictionaries in one statement', async () => {
    const plugin = counting();
    const db = handle.db.withPlugin(plugin);
    const rows: Row[] = [
      { manager: 'zhangwei', members: 'chenjing,zhaolei,nobody', createBy: 'admin', sex: '1', priority: '3' },
      { manager: 'chenjing', members: '', createBy: null, sex: '2', priority: 'nope', secret: '1' },
    ];
    await addDictText(db, model, rows);
    expect(plugin.count).toBe(2);
    expect(rows[0]).toMatchObject({
      manager_dictText: '张伟',
      members_dictText: '陈静,赵磊',
      createBy_dictText: '管理员',
      sex_dictText: '男',
      priority_dictText: '紧急',
    });
    expect(rows[1]).toMatchObject({
      manager_dictText: '陈静',
      members_dictText: '',
      createBy_dictText: '',
      sex_dictText: '女',
      priority_dictText: '',
    });
    expect(rows[1]).not.toHaveProperty('secret_dictText');
  });

  it('runs no statement for rows without dictionary values', async () => {
    const plugin = counting();
    const rows: Row[] = [{ manager: null, members: '', createBy: null, sex: null, priority: null }];
    await addDictText(handle.db.withPlugin(plugin), model, rows);
    expect(plugin.count).toBe(0);
    expect(rows[0]).toMatchObject({ manager_dictText: '', sex_dictText: '' });
  });
});
