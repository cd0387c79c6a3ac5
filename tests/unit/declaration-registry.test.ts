import { describe, expect, it } from 'vitest';
import {
  checkDesigned,
  designedSource,
  mergeRegistry,
  RegistryMessages,
} from '../../runtime/model/declaration/registry.js';
import { loadDeclarations, type LoadedDeclaration } from '../../runtime/model/declaration/validate.js';

function decl(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const table = `t_${name.toLowerCase()}`;
  return {
    schemaVersion: 3,
    name,
    title: `表单${name}`,
    table,
    basePath: `/online/data/${name}`,
    permissionPrefix: name,
    kind: 'list',
    fields: [{ name: 'title', title: '标题', type: 'string', length: 50, required: true }],
    ...extra,
  };
}

function loaded(file: string, json: Record<string, unknown>): LoadedDeclaration {
  const result = loadDeclarations([{ file, json }]);
  if (!result.value) throw new Error(JSON.stringify(result.issues));
  return result.value[0];
}

const fileCustomer = loaded(
  'schemas/demo/customer.json',
  decl('customer', { basePath: '/demo/customer', table: 'demo_customer' }),
);

describe('the declaration registry', () => {
  it('merges files and designed declarations; files win on a name clash', () => {
    const designed = [
      loaded(designedSource('customer'), decl('customer')),
      loaded('database:visit', decl('visit')),
    ];
    const merged = mergeRegistry([fileCustomer], designed);
    expect(merged.all.map((d) => `${d.declaration.name}@${d.file}`)).toEqual([
      'customer@schemas/demo/customer.json',
      'visit@database:visit',
    ]);
    expect(merged.shadowed).toEqual(['customer']);
  });

  it('refuses a designed declaration that takes a file name, naming the file', () => {
    const check = checkDesigned(decl('customer'), [fileCustomer], []);
    expect(check.value).toBeNull();
    expect(check.issues).toEqual([
      {
        file: 'database:customer',
        path: '/name',
        message: RegistryMessages.fileName('customer', 'schemas/demo/customer.json'),
      },
    ]);
  });

  it('validates like a file: meta-schema and semantic problems name the JSON path', () => {
    const bad = decl('visit', {
      fields: [
        { name: 'title', title: '标题', type: 'string', length: 50 },
        { name: 'title', title: '重复', type: 'string' },
        { name: 'code', title: '编码', type: 'string', pattern: '(' },
      ],
    });
    const check = checkDesigned(bad, [fileCustomer], []);
    expect(check.value).toBeNull();
    const paths = check.issues.map((i) => i.path);
    expect(paths).toContain('/fields/1/name');
    expect(paths).toContain('/fields/2/pattern');
    const schemaError = checkDesigned(decl('visit', { kind: 'sheet' }), [], []);
    expect(schemaError.issues[0]).toMatchObject({ path: '/kind' });
  });

  it('checks across declarations: a table another declaration uses is refused', () => {
    const check = checkDesigned(decl('visit', { table: 'demo_customer' }), [fileCustomer], []);
    expect(check.issues).toEqual([
      expect.objectContaining({
        path: '/table',
        message: expect.stringContaining('schemas/demo/customer.json'),
      }),
    ]);
  });

  it('keeps designed routes under /online/data/, never external, and the name fixed on edit', () => {
    expect(checkDesigned(decl('visit', { basePath: '/sys/visit' }), [], []).issues[0]).toMatchObject({
      path: '/basePath',
      message: RegistryMessages.basePath,
    });
    expect(checkDesigned(decl('visit', { routes: 'external' }), [], []).issues[0]).toMatchObject({
      path: '/routes',
    });
    expect(checkDesigned(decl('visit2'), [], [], 'visit').issues[0]).toMatchObject({ path: '/name' });
    expect(checkDesigned([1, 2], [], []).issues[0].message).toBe(RegistryMessages.notObject);
  });

  it('answers the validated, normalised declaration when it is fine', () => {
    const check = checkDesigned(decl('visit'), [fileCustomer], []);
    expect(check.issues).toEqual([]);
    expect(check.value?.file).toBe('database:visit');
    expect(check.value?.model.basePath).toBe('/online/data/visit');
    expect(check.value?.model.permissions.add).toBe('visit:add');
  });
});
