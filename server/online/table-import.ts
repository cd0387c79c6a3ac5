/**
 * Importing an existing table as a declaration (docs/modules/online-forms.md): the tables offered
 * are the ones a declaration may adopt (server/entity/table-rule.ts), that is the operator's
 * ADOPTABLE_TABLES that exist in the current schema and that no declaration (file or designed)
 * owns; never a platform table. A table name from the client is only ever compared with that list;
 * the columns are then read from information_schema with bound values. The answer is a new, unsaved
 * declaration that adopts the table (`adoptTable`): the designer opens it, the admin saves it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { PLATFORM_TABLES } from '../db/platform-tables.js';
import { RESERVED_FIELD_NAMES, toColumnName } from '../../runtime/model/declaration/model.js';
import { DESIGNED_BASE_PATH } from '../../runtime/model/declaration/registry.js';
import { ApiError } from '../result.js';
import { BundleMessages } from './messages.js';

/** The engine's columns: the declaration gets them anyway. */
const ENGINE_COLUMNS = new Set([
  'id',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
  'sys_org_code',
  'row_version',
  'del_flag',
  'tenant_id',
]);

export interface ImportableTable {
  name: string;
  comment: string | null;
}

/** The adoptable tables (`adoptable` = ADOPTABLE_TABLES) that exist and no declaration owns. */
export async function importableTables(db: Db, adoptable: ReadonlySet<string>): Promise<ImportableTable[]> {
  // The platform's tables are refused by the setting already; left out here again, by name.
  const wanted = [...adoptable].filter((name) => !PLATFORM_TABLES.has(name));
  if (wanted.length === 0) return [];
  const rows = await sql<ImportableTable>`select t.table_name as name,
      obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class') as comment
    from information_schema.tables t
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and t.table_name in (${sql.join(wanted)})
      and t.table_name not in (select table_name from sys_declaration where table_name is not null)
      and t.table_name not in (select table_name from onl_cgform_head)
    order by t.table_name`.execute(db);
  return rows.rows;
}

interface ColumnRow {
  column: string;
  dataType: string;
  length: number | null;
  nullable: string;
  comment: string | null;
}

type Field = Record<string, unknown>;

/** A column's field type and length; null for a type the language has no field for. */
function typeOf(c: ColumnRow): { type: string; length?: number } | null {
  switch (c.dataType) {
    case 'character varying':
    case 'character':
      return { type: 'string', length: c.length ?? 255 };
    case 'text':
      return { type: 'text' };
    case 'integer':
    case 'smallint':
    case 'bigint':
      return { type: 'int' };
    case 'double precision':
    case 'real':
      return { type: 'number' };
    case 'numeric':
      return { type: 'money' };
    case 'date':
      return { type: 'date' };
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return { type: 'datetime' };
    case 'boolean':
      return null; // stored as Y/N strings by the engine: a real boolean column would not round-trip
    default:
      return null;
  }
}

/** `visit_date` -> `visitDate`; null when the engine's snake_case rule would not give the column back. */
function fieldName(column: string): string | null {
  const name = column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  return /^[a-z][a-zA-Z0-9]*$/.test(name) && toColumnName(name) === column ? name : null;
}

export interface ImportedTable {
  declaration: Record<string, unknown>;
  /** Columns left out, with why (the admin sees them next to the new declaration). */
  skipped: string[];
}

/** The new declaration adopting `table` (checked against the importable list first). */
export async function declarationOfTable(
  db: Db,
  table: unknown,
  adoptable: ReadonlySet<string>,
): Promise<ImportedTable> {
  const wanted = typeof table === 'string' ? table : '';
  const found = (await importableTables(db, adoptable)).find((t) => t.name === wanted);
  if (!found) throw new ApiError(BundleMessages.tableNotImportable(wanted.slice(0, 63)));
  const rows = await sql<ColumnRow>`select c.column_name as column, c.data_type,
      c.character_maximum_length as length, c.is_nullable as nullable,
      col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position) as comment
    from information_schema.columns c
    where c.table_schema = current_schema() and c.table_name = ${found.name}
    order by c.ordinal_position`.execute(db);
  const id = rows.rows.find((c) => c.column === 'id');
  // The engine writes 32-character string ids.
  if (!id || !['character varying', 'text'].includes(id.dataType))
    throw new ApiError(BundleMessages.noIdColumn(found.name));
  const fields: Field[] = [];
  const skipped: string[] = [];
  for (const c of rows.rows) {
    if (ENGINE_COLUMNS.has(c.column)) continue;
    const name = fieldName(c.column);
    const type = typeOf(c);
    if (!name || RESERVED_FIELD_NAMES.has(name)) skipped.push(`${c.column}：列名不能作为字段名`);
    else if (!type) skipped.push(`${c.column}：类型 ${c.dataType} 暂不支持`);
    else
      fields.push({
        name,
        title: c.comment?.trim() || c.column,
        ...type,
        ...(c.nullable === 'NO' ? { required: true } : {}),
      });
  }
  const entity = fieldName(found.name.replace(/^[^a-z]+/, '')) ?? 'importedTable';
  return {
    declaration: {
      schemaVersion: 3,
      name: entity,
      title: found.comment?.trim() || found.name,
      table: found.name,
      adoptTable: true,
      basePath: `${DESIGNED_BASE_PATH}${entity}`,
      kind: 'list',
      permissionPrefix: entity,
      fields,
    },
    skipped,
  };
}
