/**
 * 解析SQL: the statement run with no rows (LIMIT 0) through the same guard and report session (on
 * the report's data source when it names one),
 * answering its columns with a type each, and the parameters its template uses. A column keeps
 * what the designer already said about it (title, width, dictionary ...) when it is parsed again.
 */
import { compileTemplate, templateParams } from '../../runtime/model/report/template.js';
import { ApiError } from '../result.js';
import type { ReportItem, ReportParam } from './definition.js';
import { withReportTarget } from './source-session.js';
import type { ReportDeps } from './run.js';
import { checkStatement } from './run.js';

/** PostgreSQL type oids -> the report's column types. */
const TYPES: Record<number, ReportItem['fieldType']> = {
  20: 'Integer',
  21: 'Integer',
  23: 'Integer',
  700: 'Double',
  701: 'Double',
  1700: 'Double',
  1082: 'Date',
  1114: 'Datetime',
  1184: 'Datetime',
};

export const ParseMessages = { duplicateColumn: (name: string) => `SQL返回了重复的列名：${name}` } as const;

export interface ParsedSql {
  fields: ReportItem[];
  params: ReportParam[];
}

export async function parseReportSql(
  deps: ReportDeps,
  sql: string,
  tenantId: number,
  known: { items?: ReportItem[]; params?: ReportParam[] } = {},
  dbSource: string | null = null,
): Promise<ParsedSql> {
  const def = { head: { cgrSql: sql, dbSource } } as Parameters<typeof checkStatement>[1];
  const source = await checkStatement(deps, def);
  const uses = templateParams(sql);
  // Empty parameters: optional clauses drop out, the others are NULL; no row comes back anyway.
  const inner = compileTemplate(sql, {});
  const fields = await withReportTarget(
    deps.database,
    source,
    { timeoutMs: deps.timeoutMs, tenantId },
    async (session) => {
      const answer = await session.query(`select * from (${inner.sql}) as q limit 0`, inner.values);
      return answer.fields;
    },
  );
  const seen = new Set<string>();
  const items = fields.map((f, i): ReportItem => {
    if (seen.has(f.name)) throw new ApiError(ParseMessages.duplicateColumn(f.name));
    seen.add(f.name);
    const before = known.items?.find((k) => k.fieldName === f.name);
    return (
      before ?? {
        fieldName: f.name,
        fieldTxt: f.name,
        fieldType: TYPES[f.dataTypeID] ?? 'String',
        fieldWidth: null,
        isShow: 1,
        isOrder: 1,
        isSearch: 0,
        searchMode: null,
        dictCode: null,
        fieldHref: null,
        isTotal: null,
        orderNum: i,
      }
    );
  });
  // `${day_begin}` / `${day_end}` are the two ends of one date range parameter `day`.
  const found = new Map<string, ReportParam['paramType']>();
  for (const use of uses) {
    const range = /^(.+)_(begin|end)$/.exec(use.name);
    if (range) found.set(range[1], 'dateRange');
    else if (!found.has(use.name)) found.set(use.name, 'string');
  }
  const params = [...found].map(
    ([name, type], i): ReportParam =>
      known.params?.find((p) => p.paramName === name) ?? {
        paramName: name,
        paramTxt: name,
        paramType: type,
        paramValue: null,
        dictCode: null,
        required: 0,
        dependsOn: null,
        orderNum: i,
      },
  );
  return { fields: items, params };
}
