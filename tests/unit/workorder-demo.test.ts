/** The work-order demo (server/workorder/demo.ts) looks like a year of a real desk. */
import { describe, expect, it } from 'vitest';
import { workOrderDemo } from '../../server/workorder/demo.js';

describe('work-order demo rows', () => {
  const seeds = new Map(workOrderDemo().map((s) => [s.entity, s.rows]));
  const orders = seeds.get('workOrder')!;

  it('has a few hundred numbered orders over a year, in every status, some overdue', () => {
    expect(orders.length).toBe(360);
    const numbers = orders.map((o) => String(o.values.orderNo));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n) => /^WO\d{8}-\d{4}$/.test(n))).toBe(true);
    expect(new Set(orders.map((o) => o.values.status))).toEqual(new Set(['0', '1', '2', '3', '4']));
    expect(Math.max(...orders.map((o) => o.daysAgo))).toBeGreaterThan(300);
    expect(Math.min(...orders.map((o) => o.daysAgo))).toBeGreaterThanOrEqual(1);
    expect(new Set(orders.map((o) => o.orgCode)).size).toBeGreaterThan(5);
    const today = new Date().toISOString().slice(0, 10);
    const overdue = orders.filter(
      (o) => ['0', '2'].includes(String(o.values.status)) && String(o.values.deadline) < today,
    );
    expect(overdue.length).toBeGreaterThan(5);
    // Some finished after their deadline (工单统计's 逾期完成), most in time.
    const finished = orders.filter((o) => o.values.status === '1');
    const late = finished.filter((o) => String(o.values.finishTime).slice(0, 10) > String(o.values.deadline));
    expect(late.length).toBeGreaterThan(finished.length / 20);
    expect(late.length).toBeLessThan(finished.length / 4);
    expect(orders.every((o) => o.values.charge !== o.values.launcher && o.values.charge !== 'dongjie')).toBe(
      true,
    );
  });

  it('refers from timelines and sub-orders to existing orders', () => {
    const ids = new Set(orders.map((o) => o.id));
    for (const entity of ['workOrderDynamic', 'workOrderSub'])
      expect(seeds.get(entity)!.every((r) => ids.has(String(r.values.orderId)))).toBe(true);
    expect(seeds.get('workOrderDynamic')!.length).toBeGreaterThan(100);
    expect(seeds.get('dailyOrder')!.length).toBeGreaterThan(50);
  });
});
