/**
 * Bad input at scale (issue 21): fast-check generates query strings and bodies from the OpenAPI
 * document (/api/docs/openapi.json) - quotes, SQL fragments, unicode, NUL, huge numbers, missing and
 * extra fields, wrong types - and sends them to the documented operations:
 *
 * - without a token, every operation that is not public is refused (401 + Result) and writes nothing;
 * - signed in as admin, every declared entity operation answers a well-formed Result (or a file for an
 *   export), never an HTTP 5xx, never a stack trace, never PostgreSQL's own error text; a refused
 *   write writes nothing; and the server still answers afterwards.
 *
 * The runs are seeded (FC_SEED reproduces one; the seed is printed) and bounded (< 60 s).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../server/result.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import {
  fuzzInput,
  isWrite,
  leaksInternals,
  type FuzzInput,
  type Operation,
} from './openapi-property-gen.js';

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
console.log(`openapi-property: seed ${SEED} (FC_SEED=${SEED} reproduces this run)`);

let ctx: EntityTestContext;
let operations: Operation[];
const changed: string[] = [];
beforeAll(async () => {
  ctx = await createEntityContext();
  // Every statement that changed rows, inside transactions too (their executors are made per
  // transaction, so the prototype is wrapped): what a refused call must not have done.
  const executor = ctx.database.db.getExecutor();
  const proto = Object.getPrototypeOf(executor) as typeof executor;
  const original = proto.executeQuery;
  vi.spyOn(proto, 'executeQuery').mockImplementation(async function (this: typeof executor, ...args) {
    const result = await original.apply(this, args);
    if (isWrite(args[0].sql) && Number(result.numAffectedRows ?? 0) > 0) changed.push(args[0].sql);
    return result;
  });
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/docs/openapi.json',
    headers: { 'x-access-token': ctx.adminToken },
  });
  operations = operationsOf(res.json() as Doc);
}, 60_000);
// The spy wraps kysely's executor class itself: files after this one in the worker (isolate: false)
// must get the plain method back.
afterAll(async () => {
  vi.restoreAllMocks();
  await ctx?.close();
});

interface Doc {
  paths: Record<string, Record<string, Operation['op']>>;
  components: { schemas: Record<string, Operation['schema']> };
}

function operationsOf(doc: Doc): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const ref = (op.requestBody?.content?.['application/json']?.schema as { $ref?: string } | undefined)
        ?.$ref;
      const schema = ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
      out.push({ path, method: method.toUpperCase() as Operation['method'], op, schema });
    }
  return out;
}

/** Sends one generated input; returns the answer and the writing SQL statements it ran. */
async function send(operation: Operation, input: FuzzInput, token: string | null) {
  const before = changed.length;
  const url = `/api${input.path}${input.query ? `?${input.query}` : ''}`;
  const options: InjectOptions = {
    method: operation.method,
    url,
    headers: token ? { 'x-access-token': token } : {},
  };
  if (input.body !== undefined) {
    options.payload = JSON.stringify(input.body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  const res = await ctx.app.inject(options);
  const writes = changed.slice(before);
  return { res, writes };
}

function parseResult(text: string): Result | null {
  try {
    const body = JSON.parse(text) as Result;
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

const params = (runs: number) => ({ seed: SEED, numRuns: runs, endOnFailure: true });

describe('generated input from the OpenAPI document', () => {
  it('without a token: every non-public operation is refused with a Result and writes nothing', async () => {
    const guarded = operations.filter((o) => o.op['x-access'] !== 'public');
    expect(guarded.length).toBeGreaterThan(300);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...guarded).chain(fuzzInput), async ({ operation, input }) => {
        const { res, writes } = await send(operation, input, null);
        const body = parseResult(res.body);
        // A path parameter past the router's length limit is refused before the route: 414.
        const tooLong = res.statusCode === 414 && input.path.length > 100;
        expect(tooLong ? 401 : res.statusCode, `${operation.method} ${input.path}`).toBe(401);
        expect(body).toMatchObject(
          tooLong
            ? { success: false, code: 414 }
            : { success: false, code: 401, message: 'Token失效，请重新登录!' },
        );
        expect(writes).toEqual([]);
      }),
      params(400),
    );
  }, 60_000);

  it('signed in: declared operations answer a Result, never 5xx, a stack or SQL error text', async () => {
    // The declared entities' operations (x-permission): their bodies and queries are documented.
    const declared = operations.filter((o) => 'x-permission' in o.op);
    expect(declared.length).toBeGreaterThan(300);
    const seen = { ok: 0, refused: 0, files: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...declared).chain(fuzzInput), async ({ operation, input }) => {
        const { res, writes } = await send(operation, input, ctx.adminToken);
        const where = `${operation.method} ${input.path}?${input.query} ${JSON.stringify(input.body)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        const type = String(res.headers['content-type'] ?? '');
        if (!type.includes('json')) {
          // An export answers the file itself.
          expect(operation.path.endsWith('/exportXls'), where).toBe(true);
          seen.files += 1;
          return;
        }
        expect(leaksInternals(res.body), `${where} -> ${res.body.slice(0, 300)}`).toBe(false);
        const body = parseResult(res.body);
        expect(body, where).toMatchObject({ success: expect.any(Boolean), code: expect.any(Number) });
        expect(typeof body!.message, where).toBe('string');
        if (body!.success) seen.ok += 1;
        else {
          seen.refused += 1;
          // Bad input is the caller's error, named as such: not an unexpected failure of the server.
          expect(body!.message, where).not.toBe('操作失败，服务器内部错误');
          expect(writes, `${where} -> ${body!.message}`).toEqual([]);
        }
      }),
      params(300),
    );
    console.log(`openapi-property: signed-in answers ${JSON.stringify(seen)}`);
    expect(seen.refused).toBeGreaterThan(0);
    // Still up and still right after all of it.
    const me = await ctx.get<{ records: unknown[] }>('/sys/mailList/list');
    expect(me.success).toBe(true);
  }, 60_000);
});
