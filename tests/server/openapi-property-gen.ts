/**
 * Generators for openapi-property.test.ts: a query string and a JSON body per documented operation,
 * from its parameters and its record schema, mixing plausible values with hostile ones.
 */
import fc from 'fast-check';

export interface Operation {
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  op: {
    'x-access': string;
    'x-permission'?: string | null;
    parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string } }[];
    requestBody?: { content?: Record<string, { schema?: unknown }> };
  };
  schema?: { properties?: Record<string, { type?: string; enum?: unknown[] }>; required?: string[] };
}

export interface FuzzInput {
  path: string;
  query: string;
  body?: unknown;
}

/** Strings that have broken servers: quotes, SQL, LIKE wildcards, NUL, control characters, emoji. */
const HOSTILE = [
  "'",
  '"',
  "' or '1'='1",
  "'; drop table sys_user; --",
  '1) or (1=1',
  '\\',
  '%',
  '_',
  '*',
  '!',
  '>=',
  '<=',
  ',,,',
  'a\u0000b',
  '\u0000',
  '\u202e\u0007\u001b[31m',
  '𠜎😀👨‍👩‍👧',
  '全角　空格',
  '<script>alert(1)</script>',
  '${7*7}',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '-1e309',
  '99999999999999999999999999999',
  '9223372036854775808',
  '-2147483649',
  '0x7fffffff',
  '2026-02-30',
  '2026-13-01 25:61:61',
  '[]',
  '{}',
  '[{"rule":"eq","field":"id","val":"1\'"}]',
  'x'.repeat(5_000),
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: 'binary' }) },
);

const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, 2 ** 31, -(2 ** 63)),
);

/** Any JSON value of any type: a wrong type for most fields. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(text, number), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', 'id', '__proto__', 'constructor'), text, { maxKeys: 2 }),
);

function valueFor(type: string | undefined, choices: unknown[] | undefined): fc.Arbitrary<unknown> {
  const plausible =
    choices && choices.length > 0
      ? fc.constantFrom(...choices)
      : type === 'integer'
        ? fc.integer({ min: -5, max: 1_000 })
        : type === 'number'
          ? number
          : type === 'boolean'
            ? fc.boolean()
            : text;
  return fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 1, arbitrary: anyValue });
}

function queryOf(op: Operation['op']): fc.Arbitrary<string> {
  const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const extra = ['id', 'column', 'order', 'pageSize', 'pageNo', 'tenantId', 'delFlag', 'x'];
  const pairs = fc.array(fc.tuple(fc.constantFrom(...names, ...extra), fc.oneof(text, number.map(String))), {
    maxLength: 6,
  });
  return pairs.map((list) =>
    list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&'),
  );
}

function bodyOf(operation: Operation): fc.Arbitrary<unknown> {
  const properties = Object.entries(operation.schema?.properties ?? {});
  const record = fc
    .tuple(
      fc.subarray(properties),
      fc.dictionary(fc.constantFrom('zzExtra', 'tenantId', 'createBy', 'delFlag', 'id', 'sql'), anyValue, {
        maxKeys: 3,
      }),
    )
    .chain(([chosen, extra]) =>
      fc
        .tuple(...chosen.map(([, schema]) => valueFor(schema.type, schema.enum)))
        .map((values) => ({ ...extra, ...Object.fromEntries(chosen.map(([name], i) => [name, values[i]])) })),
    );
  // Mostly a record; sometimes not an object at all.
  return fc.oneof({ weight: 5, arbitrary: record }, { weight: 1, arbitrary: anyValue });
}

/** An operation with one generated input: path parameters filled, a query string, a body if it takes one. */
export function fuzzInput(operation: Operation): fc.Arbitrary<{ operation: Operation; input: FuzzInput }> {
  const pathParams = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const takesBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return fc
    .record({
      segments: fc.tuple(...pathParams.map(() => text)),
      query: queryOf(operation.op),
      body: takesBody ? bodyOf(operation) : fc.constant(undefined),
    })
    .map(({ segments, query, body }) => {
      let path = operation.path;
      pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, encodeURIComponent(String(segments[i])) || 'x');
      });
      return { operation, input: { path, query, body } };
    });
}

/** A statement that changes rows (reads, locks and the operation log aside). */
export function isWrite(sql: string): boolean {
  const s = sql.trim().toLowerCase();
  if (!/^(insert|update|delete|with\b[\s\S]*\b(insert|update|delete)\b)/.test(s)) return false;
  return !/^insert into "?sys_log"?/.test(s);
}

/** A stack frame, a source location, or PostgreSQL's own error text in an answer. */
export function leaksInternals(body: string): boolean {
  return (
    /\n\s+at |\bat [\w.<>]+ \(|\.(ts|js):\d+:\d+/.test(body) ||
    /syntax error at|violates|relation "|column "|invalid input syntax|duplicate key|out of range for type|value too long for type|invalid byte sequence|operator does not exist|SQLSTATE|kysely|node_modules/i.test(
      body,
    )
  );
}
