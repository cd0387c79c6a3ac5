/**
 * Which table a declaration may use (issue 31, docs/modules/online-forms.md "Which tables a
 * declaration may use"). One rule for every way a declaration reaches the database: a file at start,
 * a designer save or check, a bundle import, the table-import list.
 *
 * - Its own table: one that does not exist yet (the engine creates it) or one `sys_declaration`
 *   records as this declaration's.
 * - A platform table (every table a migration made, server/db/platform-tables.ts): never, except by
 *   the shipped file declaration of SHIPPED_ADOPTIONS written over it (sys_dict by `dict` ...).
 * - Any other existing table no declaration owns: only with `adoptTable`, only when the operator
 *   lists it in ADOPTABLE_TABLES, and only with a string `id` (the engine's records need one).
 *
 * A table another declaration owns is never shared. Names only: nothing here builds SQL from them.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { PLATFORM_TABLES } from '../db/platform-tables.js';
import { isDatabaseUnavailable } from '../http/db-errors.js';
import { designedSource } from '../../runtime/model/declaration/registry.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';

/**
 * The shipped file declarations that own a migration's table (entity name -> table): screens whose
 * table a migration made first, so hand-written code and seeds could use it before the screen did.
 * Keyed by name, which is unique across all declarations, and honoured for file declarations only:
 * a designed form can never take a file's name. tests/server/platform-tables.test.ts checks this
 * list against the `"adoptTable": true` files in schemas/.
 */
export const SHIPPED_ADOPTIONS: ReadonlyMap<string, string> = new Map([
  ['checkRule', 'sys_check_rule'],
  ['dict', 'sys_dict'],
  ['dictItem', 'sys_dict_item'],
  ['fillRule', 'sys_fill_rule'],
  ['gatewayRoute', 'sys_gateway_route'],
  ['mailList', 'sys_mail_list'],
  ['position', 'sys_position'],
  ['quartzJob', 'sys_quartz_job'],
  ['quartzJobLog', 'sys_quartz_job_log'],
  ['supervise', 'sys_urge'],
  ['sysConfig', 'sys_config'],
  ['transitTarget', 'sys_transit_target'],
  ['version', 'sys_version'],
]);

/** What a statement the database refused was doing (named in the refusal). */
export type DdlStep = { op: 'create' } | { op: 'column' | 'index'; name: string } | { op: 'alter' };

export type TableRefusal =
  | { kind: 'platform'; table: string; path: '/table' | '/adoptTable' }
  | { kind: 'owned'; table: string; path: '/table'; owner: string }
  | { kind: 'exists'; table: string; path: '/table' }
  | { kind: 'notListed'; table: string; path: '/adoptTable' }
  | { kind: 'idType'; table: string; path: '/table'; type: string }
  | { kind: 'database'; table: string; path: string; step: DdlStep; reason: string };

export interface TableSubject {
  name: string;
  table: string;
  adopt: boolean;
  /** A file declaration (only those may hold a shipped adoption). */
  file: boolean;
}

export function subjectOf(item: LoadedDeclaration): TableSubject {
  return {
    name: item.model.name,
    table: item.model.table,
    adopt: item.declaration.adoptTable === true,
    file: item.file !== designedSource(item.model.name),
  };
}

function shipped(subject: TableSubject): boolean {
  return subject.file && SHIPPED_ADOPTIONS.get(subject.name) === subject.table;
}

/** The name-only half of the rule (no database needed): a platform table outside its shipped owner. */
export function platformRefusal(subject: TableSubject): TableRefusal | null {
  if (!PLATFORM_TABLES.has(subject.table) || shipped(subject)) return null;
  return { kind: 'platform', table: subject.table, path: subject.adopt ? '/adoptTable' : '/table' };
}

/** The table as the database has it now: its owning declaration and its columns' types. */
export interface TableState {
  owner: string | null;
  columns: ReadonlyMap<string, string>;
}

export async function tableState(db: Db, table: string): Promise<TableState> {
  const owner = await sql<{ name: string }>`select name from sys_declaration
    where table_name = ${table}`.execute(db);
  const columns = await sql<{ columnName: string; dataType: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return {
    owner: owner.rows[0]?.name ?? null,
    columns: new Map(columns.rows.map((c) => [c.columnName, c.dataType])),
  };
}

const STRING_ID = new Set(['character varying', 'text']);

/** Why `subject` may not use its table as it stands (`state`); null when it may. */
export function refusalOf(
  subject: TableSubject,
  state: TableState,
  adoptable: ReadonlySet<string>,
): TableRefusal | null {
  const { table } = subject;
  const platform = platformRefusal(subject);
  if (platform) return platform;
  if (state.owner !== null && state.owner !== subject.name)
    return { kind: 'owned', table, path: '/table', owner: state.owner };
  if (state.columns.size === 0 || state.owner === subject.name) return null;
  if (!subject.adopt) return { kind: 'exists', table, path: '/table' };
  if (!shipped(subject) && !adoptable.has(table)) return { kind: 'notListed', table, path: '/adoptTable' };
  const id = state.columns.get('id');
  if (id !== undefined && !STRING_ID.has(id)) return { kind: 'idType', table, path: '/table', type: id };
  return null;
}

/** The rule against the database as it is now. */
export async function tableRefusal(
  db: Db,
  subject: TableSubject,
  adoptable: ReadonlySet<string>,
): Promise<TableRefusal | null> {
  return platformRefusal(subject) ?? refusalOf(subject, await tableState(db, subject.table), adoptable);
}

function stepText(step: DdlStep, table: string): string {
  if (step.op === 'create') return `create ${table}`;
  if (step.op === 'alter') return `change ${table}`;
  return step.op === 'column'
    ? `add column "${step.name}" to ${table}`
    : `create index "${step.name}" on ${table}`;
}

/** The reason as a file declaration's start failure reads it (`file: /path: reason`). */
export function refusalText(refusal: TableRefusal, declaration: string): string {
  const table = `table "${refusal.table}"`;
  const notOurs = `${table} exists and is not managed by declaration "${declaration}"`;
  switch (refusal.kind) {
    case 'platform':
      return refusal.path === '/adoptTable'
        ? `${table} is one of the platform's own tables (made by a migration) and cannot be adopted`
        : `${table} is one of the platform's own tables (made by a migration); choose another table`;
    case 'owned':
      return `${notOurs} (it belongs to "${refusal.owner}")`;
    case 'exists':
      return `${notOurs}; to adopt it, declare "adoptTable": true and list it in ADOPTABLE_TABLES`;
    case 'notListed':
      return `${notOurs}; it may be adopted only when ADOPTABLE_TABLES lists it`;
    case 'idType':
      return `${table} has an "id" column of type ${refusal.type}: records need a string id (varchar or text)`;
    case 'database':
      return `the database refused to ${stepText(refusal.step, table)}: ${refusal.reason}`;
  }
}

/**
 * True for an error PostgreSQL (or PGlite) raised on a statement: a SQLSTATE and a severity. A
 * database going away (shutdown, lost connection) is not a refusal of the change: it stays a failure.
 */
export function isStatementError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return (
    typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !!severity && !isDatabaseUnavailable(error)
  );
}
