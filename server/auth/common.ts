import type { FastifyRequest, FastifySchema } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SysUserTable } from '../db/schema.js';

export type UserRow = Selectable<SysUserTable>;

/** Accounts that exist for sign-in purposes: a deleted account is treated as unknown everywhere. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  if (!username) return undefined;
  return db
    .selectFrom('sysUser')
    .selectAll()
    .where('username', '=', username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  if (!phone) return undefined;
  return db
    .selectFrom('sysUser')
    .selectAll()
    .where('phone', '=', phone)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

/** The caller's address as the app's proxy settings resolve it, cut to the log columns' width. */
export function clientIp(request: FastifyRequest): string {
  return (request.ip || 'unknown').slice(0, 64);
}

/**
 * A body or query schema of optional strings with length caps. Nothing is `required`: a missing field
 * gets the contract's own message from the handler (验证码无效, 请输入手机号 ...) rather than a
 * generic validation error, while absurdly long input never reaches the database or the hasher.
 */
export function stringFields(fields: Record<string, number>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, maxLength] of Object.entries(fields)) properties[name] = { type: 'string', maxLength };
  return { type: 'object', properties };
}

export function bodySchema(fields: Record<string, number>): FastifySchema {
  return { body: stringFields(fields) };
}

export function querySchema(fields: Record<string, number>): FastifySchema {
  return { querystring: stringFields(fields) };
}

/** Length caps shared by the routes. */
export const MAX = { username: 100, password: 128, mobile: 20, email: 100, code: 16, key: 64 } as const;
