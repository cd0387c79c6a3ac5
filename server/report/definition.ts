/**
 * A report's definition (head, columns, parameters): read, checked and written as one. Every
 * identifier in it is checked here once (column and parameter names, the chart's columns, the
 * template's parameters), so the statements built from it later only ever quote checked names.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { TemplateError, templateParams } from '../../runtime/model/report/template.js';
import { ApiError } from '../result.js';
import { resolveTableDict } from '../sys/table-dicts.js';
import type { ReportDb, ReportHeadTable, ReportItemTable, ReportParamTable } from './tables.js';

export const FIELD_TYPES = ['String', 'Integer', 'Double', 'Date', 'Datetime'] as const;
export const PARAM_TYPES = ['string', 'number', 'date', 'dateRange', 'dict', 'user', 'depart'] as const;
export const CHART_TYPES = ['bar', 'line', 'pie', 'stackedBar'] as const;
export const DEFAULT_VARIABLES = [
  '#{sysUserCode}',
  '#{sysOrgCode}',
  '#{date}',
  '#{monthStart}',
  '#{monthEnd}',
];

export interface ChartConfig {
  type: (typeof CHART_TYPES)[number];
  x: string;
  y: string[];
}

type Plain<T> = Omit<T, 'createBy' | 'createTime' | 'updateBy' | 'updateTime'>;
export type ReportHead = Omit<Plain<ReportHeadTable>, 'chart' | 'delFlag' | 'rowVersion'> & {
  chart: ChartConfig | null;
  rowVersion: number;
};
export type ReportItem = Omit<Plain<ReportItemTable>, 'id' | 'cgrheadId'>;
export type ReportParam = Omit<Plain<ReportParamTable>, 'id' | 'cgrheadId'>;

export interface ReportDefinition {
  head: ReportHead;
  items: ReportItem[];
  params: ReportParam[];
}

export const DefinitionMessages = {
  notFound: '报表不存在',
  code: '报表编码只能是字母、数字和下划线，以字母开头',
  codeTaken: '报表编码已存在',
  name: '请输入报表名称',
  sql: '请输入报表SQL',
  noItems: '报表没有列：请先解析SQL',
  fieldName: (name: string) => `列名不正确：${name}`,
  duplicateField: (name: string) => `列重复：${name}`,
  fieldType: (name: string) => `列类型不正确：${name}`,
  total: (name: string) => `只有数值列可以合计：${name}`,
  paramName: (name: string) => `参数名不正确：${name}`,
  duplicateParam: (name: string) => `参数重复：${name}`,
  paramType: (name: string) => `参数类型不正确：${name}`,
  paramDefault: (name: string) => `参数默认值中的变量不存在：${name}`,
  undeclaredParam: (name: string) => `SQL中的参数未定义：${name}`,
  dependsOn: (name: string) => `参数${name}依赖的参数不存在`,
  dict: (code: string) => `字典不可用：${code}`,
  chart: '图表的类型或列不正确',
  changed: '报表已被他人修改，请刷新后重试',
} as const;

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
const NUMERIC = new Set(['Integer', 'Double']);

function parseChart(text: string | null): ChartConfig | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as ChartConfig;
  } catch {
    return null;
  }
}

/**
 * Items and parameters per report version. A save replaces them in the transaction that raises the
 * head's row version, so a version's columns never change; the head (name, SQL, deletion) is read
 * every time. A read racing a save may file the new columns under the old version, which only
 * readers that saw the old head - racing the same save - can meet.
 */
const columnsByVersion = new Map<string, Pick<ReportDefinition, 'items' | 'params'>>();
const MAX_VERSIONS = 500;

/** The definition of a report named by id or code, or null. */
export async function loadDefinition(db: ReportDb, idOrCode: string): Promise<ReportDefinition | null> {
  const head = await db
    .selectFrom('onlCgreportHead')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('code', '=', idOrCode)]))
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!head) return null;
  const version = `${head.id}:${head.rowVersion}`;
  const known = columnsByVersion.get(version);
  if (known) return { head: headOf(head), ...known };
  const items = await db
    .selectFrom('onlCgreportItem')
    .selectAll()
    .where('cgrheadId', '=', head.id)
    .orderBy('orderNum')
    .execute();
  const params = await db
    .selectFrom('onlCgreportParam')
    .selectAll()
    .where('cgrheadId', '=', head.id)
    .orderBy('orderNum')
    .execute();
  const strip = <T extends { id: string; cgrheadId: string }>({ id: _i, cgrheadId: _h, ...rest }: T) => rest;
  // Frozen: every request shares them, so a reader that changed one would change it for all.
  const parts = {
    items: Object.freeze(items.map((i) => Object.freeze(strip(i) as ReportItem))) as ReportItem[],
    params: Object.freeze(params.map((p) => Object.freeze(strip(p) as ReportParam))) as ReportParam[],
  };
  if (columnsByVersion.size >= MAX_VERSIONS) columnsByVersion.delete(columnsByVersion.keys().next().value!);
  columnsByVersion.set(version, parts);
  return { head: headOf(head), ...parts };
}

function headOf(head: Selectable<ReportHeadTable>): ReportHead {
  const { delFlag: _d, chart, rowVersion, ...rest } = head;
  return { ...rest, chart: parseChart(chart), rowVersion: Number(rowVersion) };
}

function checkDict(code: string | null): void {
  if (!code || !code.includes(',')) return;
  try {
    resolveTableDict(code);
  } catch {
    throw new ApiError(DefinitionMessages.dict(code));
  }
}

/** Throws the first thing wrong with a definition (before it is saved). */
export function checkDefinition(def: ReportDefinition): void {
  const { head, items, params } = def;
  if (!CODE.test(head.code ?? '')) throw new ApiError(DefinitionMessages.code);
  if (!head.name?.trim() || head.name.length > 100) throw new ApiError(DefinitionMessages.name);
  if (!head.cgrSql?.trim()) throw new ApiError(DefinitionMessages.sql);
  if (items.length === 0) throw new ApiError(DefinitionMessages.noItems);
  const fields = new Set<string>();
  for (const item of items) {
    if (!IDENT.test(item.fieldName)) throw new ApiError(DefinitionMessages.fieldName(item.fieldName));
    if (fields.has(item.fieldName)) throw new ApiError(DefinitionMessages.duplicateField(item.fieldName));
    fields.add(item.fieldName);
    if (!(FIELD_TYPES as readonly string[]).includes(item.fieldType))
      throw new ApiError(DefinitionMessages.fieldType(item.fieldName));
    if (item.isTotal && (!['sum', 'avg'].includes(item.isTotal) || !NUMERIC.has(item.fieldType)))
      throw new ApiError(DefinitionMessages.total(item.fieldName));
    checkDict(item.dictCode);
  }
  const names = new Set<string>();
  for (const param of params) {
    if (!IDENT.test(param.paramName)) throw new ApiError(DefinitionMessages.paramName(param.paramName));
    if (names.has(param.paramName)) throw new ApiError(DefinitionMessages.duplicateParam(param.paramName));
    names.add(param.paramName);
    if (!(PARAM_TYPES as readonly string[]).includes(param.paramType))
      throw new ApiError(DefinitionMessages.paramType(param.paramName));
    for (const variable of param.paramValue?.match(/#\{[^}]*\}/g) ?? [])
      if (!DEFAULT_VARIABLES.includes(variable))
        throw new ApiError(DefinitionMessages.paramDefault(variable));
    checkDict(param.dictCode);
  }
  for (const param of params)
    if (param.dependsOn && !names.has(param.dependsOn))
      throw new ApiError(DefinitionMessages.dependsOn(param.paramName));
  let used;
  try {
    used = templateParams(head.cgrSql);
  } catch (error) {
    if (error instanceof TemplateError) throw new ApiError(error.message);
    throw error;
  }
  for (const use of used) {
    // A date range gives its begin and end to the SQL as <name>_begin / <name>_end too.
    const base = use.name.replace(/_(begin|end)$/, '');
    if (!names.has(use.name) && !names.has(base))
      throw new ApiError(DefinitionMessages.undeclaredParam(use.name));
  }
  const chart = head.chart;
  if (chart) {
    const ok =
      (CHART_TYPES as readonly string[]).includes(chart.type) &&
      fields.has(chart.x) &&
      Array.isArray(chart.y) &&
      chart.y.length > 0 &&
      chart.y.every((y) => fields.has(y));
    if (!ok) throw new ApiError(DefinitionMessages.chart);
  }
}

/** Writes a checked definition: a new report, or a new version of one (its columns and parameters replaced). */
export async function saveDefinition(db: ReportDb, def: ReportDefinition, username: string): Promise<string> {
  checkDefinition(def);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('onlCgreportHead')
      .select('id')
      .where('code', '=', def.head.code)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (taken && taken.id !== def.head.id) throw new ApiError(DefinitionMessages.codeTaken);
    const values = {
      code: def.head.code,
      name: def.head.name.trim(),
      cgrSql: def.head.cgrSql,
      dbSource: def.head.dbSource || null,
      content: def.head.content ?? null,
      chart: def.head.chart ? JSON.stringify(def.head.chart) : null,
    };
    let id = def.head.id;
    if (id) {
      // Saved only while the report is as the designer loaded it.
      const changed = await trx
        .updateTable('onlCgreportHead')
        .set({ ...values, updateBy: username, updateTime: new Date(), rowVersion: def.head.rowVersion + 1 })
        .where('id', '=', id)
        .where('delFlag', '=', 0)
        .where('rowVersion', '=', def.head.rowVersion)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw new ApiError(DefinitionMessages.changed);
      await trx.deleteFrom('onlCgreportItem').where('cgrheadId', '=', id).execute();
      await trx.deleteFrom('onlCgreportParam').where('cgrheadId', '=', id).execute();
    } else {
      id = randomUUID().replace(/-/g, '');
      await trx
        .insertInto('onlCgreportHead')
        .values({ ...values, id, createBy: username, delFlag: 0 })
        .execute();
    }
    const newId = () => randomUUID().replace(/-/g, '');
    if (def.items.length > 0)
      await trx
        .insertInto('onlCgreportItem')
        .values(
          def.items.map((item, i) => ({
            ...item,
            id: newId(),
            cgrheadId: id,
            orderNum: i,
            createBy: username,
          })),
        )
        .execute();
    if (def.params.length > 0)
      await trx
        .insertInto('onlCgreportParam')
        .values(
          def.params.map((p, i) => ({ ...p, id: newId(), cgrheadId: id, orderNum: i, createBy: username })),
        )
        .execute();
    return id;
  });
}
