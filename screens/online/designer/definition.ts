/**
 * The designer's working copy of a report definition (the shape of /online/cgreport/head/queryById
 * and of add / edit), and the merge of a 解析SQL answer into it: parsed columns and parameters
 * keep what the analyst already said about them.
 */
export interface ItemDraft {
  fieldName: string;
  fieldTxt: string;
  fieldType: 'String' | 'Integer' | 'Double' | 'Date' | 'Datetime';
  fieldWidth: number | null;
  isShow: number;
  isOrder: number;
  isSearch: number;
  searchMode: 'single' | 'group' | null;
  dictCode: string | null;
  fieldHref: string | null;
  isTotal: 'sum' | 'avg' | null;
}

export interface ParamDraft {
  paramName: string;
  paramTxt: string;
  paramType: 'string' | 'number' | 'date' | 'dateRange' | 'dict' | 'user' | 'depart';
  paramValue: string | null;
  dictCode: string | null;
  required: number;
  dependsOn: string | null;
}

export interface ChartDraft {
  type: 'bar' | 'line' | 'pie' | 'stackedBar';
  x: string;
  y: string[];
}

export interface Draft {
  head: {
    id: string;
    code: string;
    name: string;
    cgrSql: string;
    content: string | null;
    dbSource: string | null;
    chart: ChartDraft | null;
    rowVersion: number;
  };
  items: ItemDraft[];
  params: ParamDraft[];
}

export function emptyDraft(): Draft {
  return {
    head: {
      id: '',
      code: '',
      name: '',
      cgrSql: '',
      content: null,
      dbSource: null,
      chart: null,
      rowVersion: 0,
    },
    items: [],
    params: [],
  };
}

/** A parsed statement's columns and parameters, keeping the drafts of those already known. */
export function mergeParsed(draft: Draft, parsed: { fields: ItemDraft[]; params: ParamDraft[] }): Draft {
  const items = parsed.fields.map((f) => draft.items.find((i) => i.fieldName === f.fieldName) ?? f);
  const params = parsed.params.map((p) => draft.params.find((d) => d.paramName === p.paramName) ?? p);
  const names = new Set(items.map((i) => i.fieldName));
  const chart = draft.head.chart;
  // A chart over columns the statement no longer returns would not save: it goes.
  const keepChart = chart && names.has(chart.x) && chart.y.every((y) => names.has(y)) ? chart : null;
  return { head: { ...draft.head, chart: keepChart }, items, params };
}

export const PARAM_TYPES: { value: ParamDraft['paramType']; label: string }[] = [
  { value: 'string', label: '文本' },
  { value: 'number', label: '数值' },
  { value: 'date', label: '日期' },
  { value: 'dateRange', label: '日期范围' },
  { value: 'dict', label: '字典' },
  { value: 'user', label: '用户' },
  { value: 'depart', label: '部门' },
];

export const FIELD_TYPES: { value: ItemDraft['fieldType']; label: string }[] = [
  { value: 'String', label: '文本' },
  { value: 'Integer', label: '整数' },
  { value: 'Double', label: '小数' },
  { value: 'Date', label: '日期' },
  { value: 'Datetime', label: '日期时间' },
];

export const CHART_TYPES: { value: ChartDraft['type']; label: string }[] = [
  { value: 'bar', label: '柱状图' },
  { value: 'stackedBar', label: '堆叠柱状图' },
  { value: 'line', label: '折线图' },
  { value: 'pie', label: '饼图' },
];
