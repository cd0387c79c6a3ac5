/**
 * Numbers are never changed silently: a number field declared 1-200 keeps 0, 1.5 and 201 as typed,
 * in the form's widget and in a grid cell, and the form shows the server's own message for each.
 */
import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { checkField } from '../../runtime/render/form/field-check.js';
import { NumberWidget } from '../../runtime/render/widgets/number-widget.js';
import { numberOnBlur } from '../../runtime/model/grid/cell-input.js';
import { createRecordValidation } from '../../runtime/model/declaration/record-validator.js';
import { modelOf } from './render-fixture.js';

const model = modelOf({
  fields: [
    { name: 'count', title: '数量', type: 'int', min: 1, max: 200 },
    { name: 'weight', title: '重量', type: 'number', min: 1, max: 200 },
    { name: 'price', title: '单价', type: 'money', min: 1, max: 200 },
  ],
});
const field = (name: string) => model.field(name)!;

/** The server's message for one value of one field (the add route's validator). */
function serverMessage(name: string, value: unknown): string | null {
  const failures = createRecordValidation().validate(model, 'add', { [name]: value });
  return failures.find((f) => f.field === name)?.message ?? null;
}

describe('a number widget never clamps or rounds', () => {
  it('gives InputNumber no min, max or precision (antd would clamp 201 to 200 and round 1.5 to 2)', () => {
    for (const name of ['count', 'weight', 'price']) {
      const element = NumberWidget({ field: field(name), value: 201 }) as ReactElement<
        Record<string, unknown>
      >;
      expect(element.props.value).toBe(201);
      expect(element.props).not.toHaveProperty('min');
      expect(element.props).not.toHaveProperty('max');
      expect(element.props).not.toHaveProperty('precision');
    }
  });

  it('a grid cell keeps what was typed', () => {
    expect(numberOnBlur('0')).toBe(0);
    expect(numberOnBlur('1.5')).toBe(1.5);
    expect(numberOnBlur('201')).toBe(201);
    expect(numberOnBlur('1.234')).toBe(1.234);
  });
});

describe("the form's check before submit gives the server's message", () => {
  const cases: [string, unknown, string][] = [
    ['count', 0, '数量不可以小于1'],
    ['count', 1.5, '数量必须是整数'],
    ['count', 201, '数量不可以大于200'],
    ['weight', 0.5, '重量不可以小于1'],
    ['weight', 200.5, '重量不可以大于200'],
    ['price', 201, '单价不可以大于200'],
    ['price', 1.234, '请输入正确的金额'],
  ];
  it.each(cases)('%s = %s → %s', (name, value, message) => {
    expect(checkField(field(name), value)).toBe(message);
    expect(serverMessage(name, value)).toBe(message);
  });

  it('takes values within the limits', () => {
    for (const [name, value] of [
      ['count', 1],
      ['count', 200],
      ['weight', 1.5],
      ['price', 199.99],
    ] as const) {
      expect(checkField(field(name), value)).toBeNull();
      expect(serverMessage(name, value)).toBeNull();
    }
  });
});
