/**
 * A declaration file that is not JSON is reported at its line and column (server/entity/json-error.ts),
 * whatever V8's message gives: a character position, or none at all for an unexpected token.
 */
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, jsonErrorPlace } from '../../server/entity/json-error.js';

function placeOf(text: string) {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonErrorPlace(text, error as Error);
  }
  throw new Error('valid JSON');
}

describe('jsonErrorPlace', () => {
  it('gives the line and column of the first character JSON.parse refuses', () => {
    expect(placeOf('{\n  "a": 1,\n  "b": 2\n  "c": 3\n}')).toEqual({
      line: 4,
      column: 3,
      reason: "Expected ',' or '}' after property value",
    });
    expect(placeOf('{ not json')).toMatchObject({ line: 1, column: 3 });
    expect(placeOf('[1,\n]')).toMatchObject({ line: 2, column: 1 });
    expect(placeOf('{"a": tru}')).toMatchObject({ line: 1, column: 10 });
    expect(placeOf('{"a": "x\ny"}')).toMatchObject({ line: 1, column: 9 });
    expect(placeOf('{"a": 1')).toMatchObject({ line: 1, column: 8 });
    expect(placeOf('')).toMatchObject({ line: 1, column: 1 });
    expect(placeOf('{"a": 1} x')).toMatchObject({ line: 1, column: 10 });
  });

  it('keeps the reason and drops V8s position and its quote of the text', () => {
    for (const text of ['[1,]', '{"a": 1} x', '{"a": 01}', '{"a": "\\x"}']) {
      const { reason } = placeOf(text);
      expect(reason).not.toMatch(/position|is not valid JSON/);
      expect(reason.length).toBeGreaterThan(0);
    }
  });

  it('finds nothing wrong in valid JSON', () => {
    expect(jsonErrorOffset('{"a": [1, -2.5e3, true, null, {"b": "\\u00e9\\n"}], "c": {}}')).toBe(-1);
  });
});
