/**
 * What the hand-written routes of 角色管理, 部门管理 and 菜单权限 share: their declaration as the
 * engine's model (so screen, API and messages say the same thing), a checked body, a list query
 * over the model, access shorthands and small parameter readers.
 */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TreeSelectNode } from '../../../runtime/model/contract/tree-select.js';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import type { RecordMode } from '../../../runtime/model/declaration/record-schema.js';
import type { RecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import { formatIssue } from '../../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../../runtime/model/declaration/validate.js';
import { compileListQuery, single, type ListQuery } from '../../../runtime/model/query/compile.js';
import { permissionsChanged } from '../../auth/permission-codes.js';
import type { Db } from '../../db/database.js';
import { asRecord, bodyValues } from '../../entity/body.js';
import { dataScopeSql, scopeUserOf } from '../../entity/data-scope.js';
import { checkId, queryOf, refuse } from '../../entity/route-kit.js';
import { ApiError } from '../../result.js';
import { requireAuth } from '../permission.js';

/** A declaration file as its model; the server does not start on an invalid one. */
export function modelOf(file: string, json: unknown): EntityModel {
  const loaded = loadDeclaration({ file, json });
  if (!loaded.value) throw new Error(`Invalid declaration:\n${loaded.issues.map(formatIssue).join('\n')}`);
  return loaded.value.model;
}

export const perm = (code: string | null): RouteShorthandOptions => ({
  config: { access: code ? { perm: code } : 'authenticated' },
});

export const authenticated: RouteShorthandOptions = { config: { access: 'authenticated' } };

/** Who acts: the account name written to create_by / update_by. */
export function actorOf(request: FastifyRequest): string {
  return requireAuth(request).username;
}

/**
 * A body checked against the declaration (unknown fields, required, patterns, lengths). On edit
 * the form's conditional rules see `stored` (the row as the screen reads it) with the changes
 * applied, as the form did.
 */
export function checkedValues(
  validation: RecordValidation,
  model: EntityModel,
  mode: RecordMode,
  body: unknown,
  stored?: Record<string, unknown>,
): Record<string, unknown> {
  const values = bodyValues(model, asRecord(body));
  const context = stored ? { ...stored, ...values } : values;
  refuse(validation.validate(model, mode, values, { context }));
  return values;
}

/** A text value trimmed, or null when empty. */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const v = String(value).trim();
  return v === '' ? null : v;
}

/** A string field of a JSON body, trimmed ('' when absent). */
export function bodyText(body: unknown, name: string): string {
  return text(asRecord(body)[name]) ?? '';
}

/** A query parameter, trimmed ('' when absent). */
export function queryText(request: FastifyRequest, name: string): string {
  return (single(queryOf(request), name) ?? '').trim();
}

/** An id list of a body (`'a,b'` or `['a','b']`), each checked; empty entries dropped. */
export function idsOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids = [...new Set(items.map((v) => String(v).trim()).filter((v) => v !== ''))];
  if (ids.length > 5000) throw new ApiError('参数错误：一次最多5000个编号');
  return ids.map(checkId);
}

/** The list parameters (micro-syntax, advanced query, sort) over the model's declared fields. */
export function listQuery(
  model: EntityModel,
  request: FastifyRequest,
  ignore: readonly string[] = [],
): ListQuery {
  return compileListQuery(queryOf(request), (name) => model.field(name), {
    defaultSort: model.defaultSort,
    ignore: new Set(ignore),
  });
}

/** The caller's data rules on the screen's menu entry, as a condition on `alias` (null: unrestricted). */
export async function scopeOf(
  db: Db,
  request: FastifyRequest,
  model: EntityModel,
  alias: string,
  timeZone: string,
): Promise<RawBuilder<SqlBool> | null> {
  return dataScopeSql(db, scopeUserOf(requireAuth(request), timeZone), model, alias, timeZone);
}

/** ANDs the conditions that are there (true when none is). */
export function allOf(parts: readonly (RawBuilder<SqlBool> | null)[]): RawBuilder<SqlBool> {
  const present = parts.filter((p): p is RawBuilder<SqlBool> => p !== null);
  return present.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(present, sql` and `)})`;
}

/** Drops the cached permission codes of everybody, here and (through the bus) on every instance. */
export function everyonesPermissionsChanged(db: Db): Promise<void> {
  return permissionsChanged(db, null);
}

/** A comma list of ids kept on a grant (data_rule_ids), normalised: no blanks, no duplicates. */
export function joinIds(ids: readonly string[]): string | null {
  return ids.length === 0 ? null : [...new Set(ids)].join(',');
}

export function splitIds(raw: string | null | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** Tree-select nodes (the form's parent picker) nested by parentId; a node without its parent is a root. */
export function nestSelectNodes(flat: readonly TreeSelectNode[]): TreeSelectNode[] {
  const nodes = new Map(flat.map((n) => [n.key, { ...n, isLeaf: true } as TreeSelectNode]));
  const roots: TreeSelectNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (!parent) {
      roots.push(node);
      continue;
    }
    parent.isLeaf = false;
    (parent.children ??= []).push(node);
  }
  return roots;
}
