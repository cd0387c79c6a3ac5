import { describe, expect, it } from 'vitest';
import fixture from '../../runtime/render/grid/fixtures/equipment.json';
import { gridColumns, newRowValues } from '../../runtime/model/grid/columns.js';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';

const model = buildEntityModel(fixture as unknown as Declaration);

describe('grid column kinds (equipment fixture)', () => {
  it('the fixture is a valid declaration', () => {
    expect(loadDeclaration({ file: 'equipment.json', json: fixture }).issues).toEqual([]);
  });

  it('maps widgets to the spec column types and widths', () => {
    const cols = gridColumns(model, ['bookingId']);
    expect(cols.map((c) => [c.key, c.type, c.width])).toEqual([
      ['itemName', 'input', 120],
      ['code', 'input', 120],
      ['colors', 'selectMultiple', 120],
      ['category', 'selectSearch', 120],
      ['brand', 'selectSearch', 120],
      ['level', 'radio', 120],
      ['depart', 'departSelect', 160],
      ['keeper', 'userSelect', 220],
      ['note', 'inputPop', 120],
      ['progress', 'progress', 120],
      ['badge', 'slot', 120],
      ['attachment', 'file', 120],
      ['photo', 'image', 120],
      ['supplier', 'popup', 120],
      ['phone', 'input', 120],
      ['price', 'inputNumber', 120],
      ['cost', 'inputNumber', 120],
    ]);
    expect(newRowValues(cols)).toMatchObject({ level: 'b', progress: null, colors: '', price: null });
  });

  it('refuses a declaration with an unknown grid type at load, naming the file and JSON path', () => {
    const bad = structuredClone(fixture) as { fields: { widgetOptions?: Record<string, unknown> }[] };
    bad.fields[2].widgetOptions = { gridType: 'spinner' };
    const { value, issues } = loadDeclaration({ file: 'schemas/demo/equipment.json', json: bad });
    expect(value).toBeNull();
    expect(issues).toContainEqual({
      file: 'schemas/demo/equipment.json',
      path: '/fields/2/widgetOptions/gridType',
      message: 'unknown grid column type "spinner"',
    });
  });
});
