/**
 * The rule budget through the add route (issue 31): a designed form whose computed field passes
 * the load-time bounds (two levels of per-item operations) but does n x n work over the child rows
 * sent with the add. A few rows compute and save; 400 rows would be half a million steps, and the
 * add is refused with 规则计算超出限制 instead of holding the server, storing nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogicMessages } from '../../runtime/model/declaration/logic-run.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

/**
 * The total of the lines' hours, reached the long way: a reduce whose accumulator starts as the
 * lines and is copied by a map at every line (n x n item rules), then summed.
 */
const QUADRATIC_TOTAL = {
  reduce: [
    {
      reduce: [{ var: 'stallLine' }, { map: [{ var: 'accumulator' }, { var: '' }] }, { var: 'stallLine' }],
    },
    { '+': [{ var: 'accumulator' }, { var: 'current.hours' }] },
    0,
  ],
};

const form = (name: string, title: string, table: string, fields: unknown[], extra = {}) => ({
  schemaVersion: 3,
  name,
  title,
  table,
  basePath: `/online/data/${name}`,
  kind: 'list',
  permissionPrefix: name,
  fields,
  ...extra,
});

const desk = form(
  'stallDesk',
  '工时登记',
  'onl_stall_desk',
  [
    { name: 'subject', title: '事项', type: 'string', length: 50, required: true },
    { name: 'totalHours', title: '合计工时', type: 'int', readOnly: true, compute: QUADRATIC_TOTAL },
  ],
  {
    kind: 'tab',
    children: [{ entity: 'stallLine', relation: 'oneToMany', foreignKey: 'stallDeskId', title: '明细' }],
  },
);
const line = form('stallLine', '工时明细', 'onl_stall_line', [
  { name: 'stallDeskId', title: '登记', type: 'string', length: 32, list: false, form: false },
  { name: 'hours', title: '工时', type: 'int' },
]);

const lines = (n: number) => Array.from({ length: n }, () => ({ hours: 1 }));
const stored = async () =>
  (
    await sql<{ subject: string; totalHours: number }>`select subject, total_hours as "totalHours"
      from onl_stall_desk order by subject`.execute(ctx.database.db)
  ).rows;

describe('a computed field over the rule budget', () => {
  beforeAll(async () => {
    const saved = await ctx.send('POST', '/online/cgform/head/saveSet', {
      items: [desk, line].map((d) => ({ declaration: JSON.stringify(d) })),
      comment: '工时',
    });
    expect(saved.success, JSON.stringify(saved.result)).toBe(true);
  });

  it('computes and saves within the budget', async () => {
    const added = await ctx.send('POST', '/online/data/stallDesk/add', {
      subject: '三行',
      stallLine: lines(3),
    });
    expect(added.success, added.message).toBe(true);
    expect(await stored()).toEqual([{ subject: '三行', totalHours: 3 }]);
  });

  it('refuses the add past it with the budget’s message, and stores nothing', async () => {
    const added = await ctx.send('POST', '/online/data/stallDesk/add', {
      subject: '四百行',
      stallLine: lines(400),
    });
    expect(added).toMatchObject({ success: false, message: LogicMessages.limit });
    expect(LogicMessages.limit).toBe('规则计算超出限制');
    expect(await stored()).toEqual([{ subject: '三行', totalHours: 3 }]);
    const count = await sql<{ n: number }>`select count(*)::int as n from onl_stall_line`.execute(
      ctx.database.db,
    );
    expect(count.rows[0].n).toBe(3);
  });
});
