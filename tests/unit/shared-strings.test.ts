import { expect, it } from 'vitest';
import { SharedStrings } from '../../server/entity/shared-strings.js';

it('answers each text by its index, whatever its script and length, across growth', () => {
  const table = new SharedStrings();
  const texts = Array.from({ length: 20_000 }, (_, i) =>
    i % 3 === 0 ? `客户${i}` : i % 3 === 1 ? '' : `${'x'.repeat(i % 50)}😀${i}`,
  );
  for (const text of texts) table.add(text);
  expect(table.size).toBe(texts.length);
  for (const i of [0, 1, 2, 4097, 12_345, 19_999]) expect(table.get(i)).toBe(texts[i]);
  expect(texts.every((text, i) => table.get(i) === text)).toBe(true);
});

it('answers undefined for an index the table does not hold', () => {
  const table = new SharedStrings();
  table.add('甲');
  expect([table.get(-1), table.get(1), table.get(0.5), table.get(Number.NaN)]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});
