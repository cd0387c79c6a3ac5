/**
 * Pure parts of the report screen (the report head list of spec 000 section 2): the answers of the
 * report calls, the parameter and query fields as field models (so the form draws them with the
 * same widgets as any form), the request of a run, the footer rows 合计 / 平均, and the chart.
 */
import { buildEntityModel, type FieldModel } from '../../model/declaration/model';
import type { FieldDecl, FieldType, Widget } from '../../model/declaration/types';

export interface ReportColumn {
  title: string;
  dataIndex: string;
  fieldType: string;
  width: number | null;
  sorter: boolean;
  dictCode: string | null;
  href: string | null;
  total: 'sum' | 'avg' | null;
}

export interface ChartConfig {
  type: 'bar' | 'line' | 'pie' | 'stackedBar';
  x: string;
  y: string[];
}

export interface ReportColumnsAnswer {
  columns: ReportColumn[];
  dictOptions: Record<string, { value: string; text: string }[]>;
  cgRpConfigId: string;
  cgRpConfigName: string;
  chart: ChartConfig | null;
}

export interface ReportQueryItem {
  field: string;
  label: string;
  view: string;
  mode: 'single' | 'group';
  dictCode: string | null;
}

export interface ReportParamInfo {
  paramName: string;
  paramTxt: string;
  paramType: 'string' | 'number' | 'date' | 'dateRange' | 'dict' | 'user' | 'depart';
  paramValue: string | null;
  dictCode: string | null;
  required: boolean;
  dependsOn: string | null;
}

export interface ReportPageAnswer {
  records: Record<string, unknown>[];
  total: number;
  current: number;
  size: number;
  totals: Record<string, number | null> | null;
}

export const ReportText = {
  sum: '合计',
  avg: '平均',
  params: '报表参数',
  exporting: (mb: string) => `正在导出… ${mb}`,
  truncated: (rows: string) => `结果超过${rows}行，只导出了前${rows}行`,
} as const;

const COLUMN_TYPES: Record<string, FieldType> = {
  String: 'string',
  Integer: 'int',
  Double: 'number',
  Date: 'date',
  Datetime: 'datetime',
};

const PARAM_WIDGETS: Record<ReportParamInfo['paramType'], { type: FieldType; widget: Widget }> = {
  string: { type: 'string', widget: 'input' },
  number: { type: 'number', widget: 'number' },
  date: { type: 'date', widget: 'date' },
  dateRange: { type: 'date', widget: 'date' },
  dict: { type: 'string', widget: 'select' },
  user: { type: 'string', widget: 'userPicker' },
  depart: { type: 'string', widget: 'departPicker' },
};

/** Field models for FieldWidget: a report's parameters and query items are fields of no table. */
function fieldsOf(decls: FieldDecl[]): FieldModel[] {
  return buildEntityModel({
    schemaVersion: 3,
    name: 'reportForm',
    title: '报表',
    table: 'report_form',
    basePath: '/online/cgreport',
    kind: 'list',
    routes: 'external',
    permissionPrefix: 'report',
    fields: decls,
  }).declared.slice();
}

export function paramFields(params: readonly ReportParamInfo[]): FieldModel[] {
  return fieldsOf(
    params.map((p) => {
      const { type, widget } = PARAM_WIDGETS[p.paramType] ?? PARAM_WIDGETS.string;
      return {
        name: p.paramName,
        title: p.paramTxt,
        type,
        widget,
        ...(p.dictCode ? { dict: p.dictCode } : {}),
        ...(p.required ? { required: true } : {}),
        ...(p.paramType === 'dateRange' ? { query: { mode: 'range' as const } } : {}),
      };
    }),
  );
}

export function queryItemFields(items: readonly ReportQueryItem[]): FieldModel[] {
  return fieldsOf(
    items.map((q) => ({
      name: q.field,
      title: q.label,
      type: COLUMN_TYPES[q.view] ?? 'string',
      ...(q.dictCode ? { dict: q.dictCode, widget: 'select' as const } : {}),
      query: { mode: q.mode === 'group' ? ('range' as const) : ('single' as const) },
    })),
  );
}

type Values = Record<string, unknown>;

const text = (v: unknown) =>
  Array.isArray(v) ? v.map(String).join(',') : v === undefined || v === null ? '' : String(v).trim();

/** The run's request: `self_<param>` (a date range as _begin / _end), query fields, sort and page. */
export function reportRequest(
  params: readonly ReportParamInfo[],
  paramValues: Values,
  items: readonly ReportQueryItem[],
  queryValues: Values,
  sort: { field: string; order: 'asc' | 'desc' } | null,
  page: { current: number; size: number },
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const p of params) {
    const value = paramValues[p.paramName];
    if (p.paramType === 'dateRange') {
      const [begin, end] = Array.isArray(value) ? value : [];
      out[`self_${p.paramName}_begin`] = text(begin);
      out[`self_${p.paramName}_end`] = text(end);
    } else out[`self_${p.paramName}`] = text(value);
  }
  for (const q of items) {
    const value = queryValues[q.field];
    if (q.mode === 'group') {
      const [begin, end] = Array.isArray(value) ? value : [];
      if (text(begin)) out[`${q.field}_begin`] = text(begin);
      if (text(end)) out[`${q.field}_end`] = text(end);
    } else if (text(value)) {
      // Text is searched by what it contains (the contract's *v*); a dictionary value exactly.
      out[q.field] = q.view === 'String' && !q.dictCode ? `*${text(value)}*` : text(value);
    }
  }
  if (sort) {
    out.column = sort.field;
    out.order = sort.order;
  }
  out.pageNo = page.current;
  out.pageSize = page.size;
  return out;
}

/** A parameter's starting value: its default, with the variables the server resolves left to it. */
export function initialParamValues(params: readonly ReportParamInfo[]): Values {
  const out: Values = {};
  for (const p of params) if (p.paramValue && !p.paramValue.includes('#{')) out[p.paramName] = p.paramValue;
  return out;
}

/** The footer rows: 合计 for columns summed, 平均 for columns averaged (over the whole result). */
export function footerRows(
  columns: readonly ReportColumn[],
  totals: Record<string, number | null> | null,
): { label: string; values: Record<string, string> }[] {
  if (!totals) return [];
  const rows: { label: string; values: Record<string, string> }[] = [];
  for (const kind of ['sum', 'avg'] as const) {
    const shown = columns.filter((c) => c.total === kind);
    if (shown.length === 0) continue;
    const values: Record<string, string> = {};
    for (const c of shown) {
      const v = totals[c.dataIndex];
      values[c.dataIndex] = v === null || v === undefined ? '' : String(Math.round(v * 100) / 100);
    }
    rows.push({ label: kind === 'sum' ? ReportText.sum : ReportText.avg, values });
  }
  return rows;
}

/** A cell's text: a dictionary value as its text. */
export function cellText(column: ReportColumn, record: Record<string, unknown>): string {
  const dictText = record[`${column.dataIndex}_dictText`];
  if (typeof dictText === 'string' && dictText !== '') return dictText;
  const value = record[column.dataIndex];
  return value === null || value === undefined ? '' : String(value);
}

/** The ECharts option of a report's chart over the rows of the page shown. */
export function chartOption(
  chart: ChartConfig,
  columns: readonly ReportColumn[],
  records: readonly Record<string, unknown>[],
) {
  const byName = new Map(columns.map((c) => [c.dataIndex, c]));
  const x = byName.get(chart.x);
  const labels = records.map((r) => (x ? cellText(x, r) : String(r[chart.x] ?? '')));
  const series = chart.y.map((name) => ({
    name: byName.get(name)?.title ?? name,
    data: records.map((r) => Number(r[name] ?? 0)),
  }));
  if (chart.type === 'pie') {
    return {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          data: labels.map((name, i) => ({ name, value: series[0]?.data[i] ?? 0 })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 24, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value' },
    series: series.map((s) => ({
      ...s,
      type: chart.type === 'line' ? 'line' : 'bar',
      ...(chart.type === 'stackedBar' ? { stack: 'total' } : {}),
      ...(chart.type === 'line' ? { smooth: true } : {}),
    })),
  };
}
