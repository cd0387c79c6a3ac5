import { describe, expect, it } from 'vitest';
import {
  acceptsNumberInput,
  filterNumberInput,
  numberOnBlur,
  tagsValue,
} from '../../runtime/model/grid/cell-input.js';
import { averageOf, footerRows, sumOf } from '../../runtime/model/grid/statistics.js';
import type { GridColumn } from '../../runtime/model/grid/columns.js';

describe('number cell input', () => {
  it('accepts a signed decimal while typing, empty, or a lone minus', () => {
    for (const ok of ['', '-', '0', '12', '-12', '12.', '12.50', '-0.5'])
      expect(acceptsNumberInput(ok)).toBe(true);
    for (const bad of ['a', '1a', '.5', '--1', '1.2.3', '1e3', '+1', ' 1', '1-'])
      expect(acceptsNumberInput(bad)).toBe(false);
  });

  it('reverts anything else to the last accepted text', () => {
    expect(filterNumberInput('12', '12a')).toBe('12');
    expect(filterNumberInput('12', '12.')).toBe('12.');
    expect(filterNumberInput('', '-')).toBe('-');
  });

  it('becomes a float or empty on blur', () => {
    expect(numberOnBlur('12.')).toBe(12);
    expect(numberOnBlur('-0.25')).toBe(-0.25);
    expect(numberOnBlur('-')).toBeNull();
    expect(numberOnBlur('')).toBeNull();
  });
});

describe('tags cell', () => {
  it('cuts the value into two-character pieces joined by semicolons', () => {
    expect(tagsValue('abcde')).toBe('ab;cd;e');
    expect(tagsValue('北京上海广')).toBe('北京;上海;广');
    expect(tagsValue('')).toBe('');
  });

  it('removes typed semicolons before cutting', () => {
    expect(tagsValue('ab;cd;e')).toBe('ab;cd;e');
    expect(tagsValue('a;b;c;;d')).toBe('ab;cd');
  });
});

describe('statistics footer', () => {
  it('sums and averages the numeric cells only', () => {
    expect(sumOf([1, '2', null, '', 'x', 0.1, 0.2])).toBe(3.3);
    expect(averageOf([1, 2, null, ''])).toBe(1.5);
    expect(averageOf([10, 20, 30.5])).toBe(20.17);
    expect(averageOf([null, ''])).toBeNull();
    expect(sumOf([])).toBe(0);
  });

  it('makes a 合计 row and a 平均 row for the columns that ask', () => {
    const col = (key: string, statistics: GridColumn['statistics']) => ({ key, statistics }) as GridColumn;
    const rows = footerRows(
      [col('q', ['sum', 'average']), col('p', ['sum']), col('n', [])],
      [
        { q: 1, p: 5, n: 9 },
        { q: 3, p: null, n: 9 },
      ],
    );
    expect(rows).toEqual([
      { kind: 'sum', label: '合计', values: { q: 4, p: 5 } },
      { kind: 'average', label: '平均', values: { q: 2 } },
    ]);
    expect(footerRows([col('n', [])], [{ n: 1 }])).toEqual([]);
  });
});
