import path from 'node:path';
import type { CompiledQuery } from 'kysely';
import { vi } from 'vitest';
import type { ServerConfig } from '../../server/config.js';
import type { Result } from '../../server/result.js';
import {
  createTestContext,
  DEMO_PASSWORD,
  TEST_ADMIN_PASSWORD,
  type TestContext,
  type TestContextOptions,
} from './helpers.js';

export interface EntityTestContext extends TestContext {
  adminToken: string;
  staffToken: string;
  /** Every SQL statement run since the last reset (to prove a refused request ran none on the table). */
  statements: string[];
  get<T = unknown>(url: string, token?: string): Promise<Result<T>>;
  send<T = unknown>(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token?: string,
  ): Promise<Result<T>>;
}

/** The test-only declarations (a tree, a scene with transitions), read besides schemas/. */
export const FIXTURE_DIRS = ['schemas', 'tests/server/entity-fixtures'].join(path.delimiter);

/**
 * A test server signed in as admin and as the staff account chenjing, recording its SQL. With
 * `fixtures`, the server also loads the test-only declarations (SCHEMAS_DIR, restored at once).
 */
export async function createEntityContext(
  options: { fixtures?: boolean; config?: Partial<ServerConfig>; pause?: TestContextOptions['pause'] } = {},
): Promise<EntityTestContext> {
  const saved = process.env.SCHEMAS_DIR;
  if (options.fixtures) process.env.SCHEMAS_DIR = FIXTURE_DIRS;
  let ctx: TestContext;
  try {
    ctx = await createTestContext(options.config, { pause: options.pause });
  } finally {
    if (saved === undefined) delete process.env.SCHEMAS_DIR;
    else process.env.SCHEMAS_DIR = saved;
  }
  const adminToken = await ctx.login('admin', TEST_ADMIN_PASSWORD);
  const staffToken = await ctx.login('chenjing', DEMO_PASSWORD);
  const statements: string[] = [];
  const executor = ctx.database.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  vi.spyOn(executor, 'executeQuery').mockImplementation((query: CompiledQuery) => {
    statements.push(query.sql);
    return original(query);
  });
  const headers = (token: string) => ({ 'x-access-token': token });
  return {
    ...ctx,
    adminToken,
    staffToken,
    statements,
    async get<T>(url: string, token = adminToken) {
      return (await ctx.call<T>({ method: 'GET', url: `/api${url}`, headers: headers(token) })).body;
    },
    async send<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = adminToken) {
      const options = { method, url: `/api${url}`, headers: headers(token) };
      return (await ctx.call<T>(payload === undefined ? options : { ...options, payload: payload as object }))
        .body;
    },
  };
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
