import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../result.js';
import { dictModel, likePattern, type DictFilter, type DictModel } from './dict-store.js';

export const DictMessages = {
  empty: '字典Code不能为空!',
  badFormat: '字典Code格式不正确！',
  notOpen: '该字典表或字段未开放',
} as const;

type ColumnOf<T extends keyof Database> = keyof Database[T] & string;

/**
 * A table that may serve as a dictionary. Clients name it and its fields by the declared names
 * below (the contract's `table,text,code`); only the SQL names mapped here ever reach a query, so a
 * column that is not listed (password_hash, phone ...) cannot be read whatever the client sends.
 */
export interface TableDict<T extends keyof Database = keyof Database> {
  table: T;
  fields: Readonly<Record<string, ColumnOf<T>>>;
  /** A fixed server-side filter (soft-deleted rows never show); never built from client text. */
  activeColumn?: ColumnOf<T>;
  /**
   * Texts of given keys only (loadDictItem): never a whole list or a keyword search, for tables whose
   * rows not everyone may see (projects: their names show beside ids the caller already has).
   */
  keysOnly?: boolean;
  /**
   * How a system table's rows belong to tenants, for the caller-facing lookups (table-dict-scope.ts):
   * 'members' users whose rel_tenant_ids list the caller's tenant; 'shared' rows of the caller's
   * tenant and those of tenant 0 every tenant shares. None: the organisation's (positions, tenants).
   */
  tenancy?: 'members' | 'shared';
  /**
   * The declaration a declared table belongs to: its tenancy (tenantScoped) and its data rules
   * (数据权限) limit what a caller may look up, as they limit its list.
   */
  entity?: string;
  /**
   * Rows the caller takes part in, for a pick of one's own (周报's 项目: the projects one is in): the
   * caller's account is in one of `user` (an account column) or in one of `list` (a comma list of
   * accounts). Applied to every caller-facing lookup (table-dict-scope.ts), whatever their rights.
   */
  participant?: { user: readonly string[]; list: readonly string[] };
  /**
   * A module decides which rows a caller may name (registerDictRowScope, table-dict-scope.ts): plans
   * by the projects the caller sees. Until the module registers its rule, callers get no rows.
   */
  moduleScope?: boolean;
}

function tableDict<T extends keyof Database>(
  table: T,
  fields: Record<string, ColumnOf<T>>,
  extra: Pick<TableDict<T>, 'activeColumn' | 'tenancy'> = {},
): TableDict {
  return { table, fields, ...extra } as TableDict;
}

/** A declared entity's table (made at start from schemas/, absent from the typed `Database`). */
function declaredTableDict(table: string, entity: string, fields: Record<string, string>): TableDict {
  return { table, entity, fields } as unknown as TableDict;
}

/** The allow-list, keyed by the table name clients use. */
export const TABLE_DICTS: Readonly<Record<string, TableDict>> = {
  // People by account or id, as a picker shows them: never contact data or work numbers.
  sys_user: tableDict(
    'sysUser',
    { id: 'id', username: 'username', realname: 'realname' },
    { activeColumn: 'delFlag', tenancy: 'members' },
  ),
  sys_depart: tableDict(
    'sysDepart',
    { id: 'id', org_code: 'orgCode', depart_name: 'departName' },
    { activeColumn: 'delFlag', tenancy: 'shared' },
  ),
  sys_role: tableDict(
    'sysRole',
    { id: 'id', role_code: 'roleCode', role_name: 'roleName' },
    { tenancy: 'shared' },
  ),
  // Positions are the organisation's, shared by its tenants (schemas/system/position.json).
  sys_position: tableDict('sysPosition', { id: 'id', code: 'code', name: 'name' }),
  // Tenant names for the user form's 租户 choice; begin / end dates and status stay server-side.
  sys_tenant: tableDict('sysTenant', { id: 'id', name: 'name' }),
  // Meeting rooms for the meeting form's 会议室 (schemas/meeting): a declared table, so not in the
  // typed schema; only its id and name are open.
  biz_meeting_room: declaredTableDict('bizMeetingRoom', 'meetingRoom', { id: 'id', name: 'name' }),
  // Document classifications (schemas/document): the tree's names for lists and forms. Document and
  // template names are not here: only a position's rights may show them (server/document/).
  biz_document_classify: declaredTableDict('bizDocumentClassify', 'documentClassify', {
    id: 'id',
    name: 'name',
  }),
  // Evaluation templates and cycles (schemas/evaluation): names for the cycle form and the lists.
  biz_eval_template: declaredTableDict('bizEvalTemplate', 'evalTemplate', { id: 'id', name: 'name' }),
  biz_eval_cycle: declaredTableDict('bizEvalCycle', 'evalCycle', { id: 'id', name: 'name' }),
  // Customers for the project and customer-contact forms (schemas/system/customer.json).
  biz_customer: declaredTableDict('bizCustomer', 'customer', { id: 'id', name: 'name' }),
  // Project names beside project ids (demands, contacts, work orders); only for keys the caller
  // already holds: which projects exist is for the project picker to say (server/project/).
  biz_project: { ...declaredTableDict('bizProject', 'project', { id: 'id', name: 'name' }), keysOnly: true },
  // Plan names for 项目任务's 所属计划 (schemas/project/plan-task.json): a caller names only live plans
  // of projects they see (server/project/plan-guard.ts registers the rule); the server's own reads
  // (texts of rows it already scoped, an import's checks) see every plan.
  biz_project_plan: {
    ...declaredTableDict('bizProjectPlan', 'projectPlan', { id: 'id', plan_name: 'planName' }),
    activeColumn: 'delFlag',
    moduleScope: true,
  } as unknown as TableDict,
  // 我的项目: the live projects the caller is in (manager or member), by id or by name (a 周报 item
  // keeps the project's name, schemas/work/weekly-report-item.json); nobody else's are offered.
  my_project: {
    ...declaredTableDict('bizProject', 'project', { id: 'id', name: 'name' }),
    activeColumn: 'delFlag',
    participant: { user: ['manager'], list: ['members'] },
  } as unknown as TableDict,
  // Process names by key for the flow screens' 流程 filter (docs/modules/workflow.md); made by migration 0024.
  wf_model: declaredTableDict('wfModel', 'flowModel', { model_key: 'modelKey', name: 'name' }),
  // Office supplies by id for requests, stock-ins, returns and the ledger (schemas/office).
  oa_supply_item: declaredTableDict('oaSupplyItem', 'officeItem', { id: 'id', name: 'name' }),
  // Equipment by id for borrow requests and repair records: asset number and name (schemas/office).
  oa_equipment: declaredTableDict('oaEquipment', 'equipment', { id: 'id', label: 'label' }),
  // Vehicles by id for bookings, maintenance, insurance, inspections and fuel (schemas/vehicle).
  oa_vehicle: declaredTableDict('oaVehicle', 'vehicle', { id: 'id', plate_no: 'plateNo' }),
};

/** Table alias of every table dictionary statement (the caller's conditions name it). */
export const TABLE_DICT_ALIAS = 'main';

/** A table dictionary resolved against the allow-list: only registry values from here on. */
export interface ResolvedTableDict {
  entry: TableDict;
  textColumn: string;
  valueColumn: string;
}

// Plain names only: no schema prefix, alias, quote, bracket, space or operator can pass.
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Parses `table,textField,codeField`. A 4th part (a client SQL condition) or a `where` after the
 * table is refused as a format error; names absent from the allow-list as not open.
 */
export function resolveTableDict(dictCode: string): ResolvedTableDict {
  const parts = dictCode.split(',');
  if (parts.length !== 3 || !parts.every((p) => NAME.test(p))) throw new ApiError(DictMessages.badFormat);
  const [table, text, code] = parts;
  const entry = Object.hasOwn(TABLE_DICTS, table) ? TABLE_DICTS[table] : undefined;
  if (!entry || !Object.hasOwn(entry.fields, text) || !Object.hasOwn(entry.fields, code)) {
    throw new ApiError(DictMessages.notOpen);
  }
  return { entry, textColumn: entry.fields[text], valueColumn: entry.fields[code] };
}

/**
 * Value and text of the rows matching `filter`, ANDed with `limits` (the caller's tenant and data
 * rules on `main`, table-dict-scope.ts; none for the server's own reads of rows already scoped).
 */
export async function queryTableDict(
  db: Db,
  dict: ResolvedTableDict,
  filter: DictFilter,
  limit: number,
  limits: readonly RawBuilder<SqlBool>[] = [],
): Promise<DictModel[]> {
  const value = sql.ref(dict.valueColumn);
  const text = sql.ref(dict.textColumn);
  if (dict.entry.keysOnly && filter.kind !== 'keys') return [];
  const conditions: RawBuilder<unknown>[] = [...limits];
  if (dict.entry.activeColumn) conditions.push(sql`${sql.ref(dict.entry.activeColumn)} = ${0}`);
  if (filter.kind === 'like') {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      sql`(${text}::text ilike ${pattern} escape '\\' or ${value}::text ilike ${pattern} escape '\\')`,
    );
  } else if (filter.kind === 'exact' || filter.kind === 'keys') {
    if (filter.values.length === 0) return [];
    const list = sql.join(filter.values);
    conditions.push(
      filter.kind === 'keys'
        ? sql`${value}::text in (${list})`
        : sql`(${text}::text in (${list}) or ${value}::text in (${list}))`,
    );
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await sql<{ value: string | null; text: string | null }>`
    select ${value}::text as value, ${text}::text as text
    from ${sql.table(dict.entry.table)} as ${sql.id(TABLE_DICT_ALIAS)}
    ${where}
    order by 2, 1
    limit ${limit}`.execute(db);
  return result.rows.map((r) => dictModel(r.value ?? '', r.text ?? ''));
}
