/**
 * Demo rows get their computed fields (`fields[].compute`: a report's total hours, an evaluation's
 * weighted totals and grade) from the declaration, with the code a save runs, over the child rows
 * of the same demo: the demo files never work a total out by hand.
 */
import type { EntityModel } from '../../../../runtime/model/declaration/model.js';
import { computedValues, manyChildren } from '../../../../runtime/model/declaration/record-checks.js';
import type { DeclaredSeed, DemoRow } from './insert.js';

export function withComputed(
  seeds: readonly DeclaredSeed[],
  models: ReadonlyMap<string, EntityModel>,
): DeclaredSeed[] {
  return seeds.map((seed) => {
    const model = models.get(seed.entity);
    if (!model || !model.declared.some((f) => f.compute !== undefined)) return seed;
    const byParent = new Map<string, Map<string, DemoRow['values'][]>>();
    for (const child of manyChildren(model)) {
      const rows = new Map<string, DemoRow['values'][]>();
      for (const s of seeds.filter((x) => x.entity === child.entity))
        for (const row of s.rows) {
          const key = String(row.values[child.foreignKey] ?? '');
          rows.set(key, [...(rows.get(key) ?? []), row.values]);
        }
      byParent.set(child.entity, rows);
    }
    const rows = seed.rows.map((row) => {
      const children = Object.fromEntries(
        [...byParent].map(([entity, rows]) => [entity, row.id ? (rows.get(row.id) ?? []) : []]),
      );
      return { ...row, values: { ...row.values, ...computedValues(model, { ...row.values, ...children }) } };
    });
    return { ...seed, rows };
  });
}
