/**
 * What a report statement may use (issue 31: allow, don't deny). The guard (sql-walk.ts) accepts a
 * function, operator, cast or value function only when it is named here; everything else is
 * refused with its name. docs/modules/reports.md lists the same names (a unit test compares them).
 *
 * Left out on purpose: set-returning functions (generate_series, unnest ...: rows the planner's
 * estimate does not bound well), anything taking SQL text (ts_stat, query_to_xml ...), regular
 * expressions (substring, ~, SIMILAR TO: backtracking the embedded database cannot interrupt),
 * functions that allocate a length they are given (repeat, lpad, rpad, format), functions that
 * read or change the session or the server (set_config, current_setting, pg_*, lo_*, nextval),
 * power and exp (huge numerics), and every type that reads the catalog (regclass, oid ...).
 */

/** Functions a report may call, by category; a name may also be written `pg_catalog.<name>`. */
export const REPORT_FUNCTIONS = {
  aggregate: [
    'count',
    'sum',
    'avg',
    'min',
    'max',
    'string_agg',
    'array_agg',
    'bool_and',
    'bool_or',
    'every',
    'stddev',
    'stddev_pop',
    'stddev_samp',
    'variance',
    'var_pop',
    'var_samp',
    'percentile_cont',
    'percentile_disc',
    'mode',
    'json_agg',
    'jsonb_agg',
    'json_object_agg',
    'jsonb_object_agg',
  ],
  window: [
    'row_number',
    'rank',
    'dense_rank',
    'percent_rank',
    'cume_dist',
    'ntile',
    'lag',
    'lead',
    'first_value',
    'last_value',
    'nth_value',
  ],
  math: [
    'abs',
    'ceil',
    'ceiling',
    'floor',
    'round',
    'trunc',
    'sign',
    'mod',
    'div',
    'sqrt',
    'ln',
    'log',
    'log10',
    'width_bucket',
  ],
  string: [
    'length',
    'char_length',
    'character_length',
    'octet_length',
    'lower',
    'upper',
    'initcap',
    'btrim',
    'ltrim',
    'rtrim',
    'substr',
    'left',
    'right',
    'strpos',
    'position',
    'replace',
    'translate',
    'concat',
    'concat_ws',
    'split_part',
    'starts_with',
    'reverse',
    'overlay',
    'ascii',
    'chr',
    'to_hex',
  ],
  datetime: [
    'now',
    'date_trunc',
    'date_part',
    'extract',
    'age',
    'date_bin',
    'make_date',
    'make_time',
    'make_timestamp',
    'make_timestamptz',
    'make_interval',
    'justify_days',
    'justify_hours',
    'justify_interval',
    'isfinite',
    'timezone',
  ],
  format: ['to_char', 'to_date', 'to_timestamp', 'to_number'],
  array: ['array_length', 'cardinality', 'array_to_string'],
  json: [
    'to_json',
    'to_jsonb',
    'json_build_object',
    'jsonb_build_object',
    'json_build_array',
    'jsonb_build_array',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * Operators (also in `x op ANY (...)`, `ORDER BY ... USING op` and `OPERATOR(pg_catalog.op)`):
 * comparison, arithmetic, concatenation, LIKE / ILIKE (~~ and friends), JSON access, containment.
 */
export const REPORT_OPERATORS: readonly string[] = [
  '=',
  '<>',
  '<',
  '>',
  '<=',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '||',
  '~~',
  '!~~',
  '~~*',
  '!~~*',
  '->',
  '->>',
  '@>',
  '<@',
  '&&',
];

/** Types a value may be cast to (`::type`, `CAST(... AS type)`, `date '...'`), and arrays of them. */
export const REPORT_TYPES: readonly string[] = [
  'int2',
  'int4',
  'int8',
  'float4',
  'float8',
  'numeric',
  'bool',
  'text',
  'varchar',
  'bpchar',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'json',
  'jsonb',
  'uuid',
];

/** SQL value functions written without parentheses, by their parse-tree code. */
export const REPORT_VALUE_FUNCTIONS: Readonly<Record<string, string>> = {
  SVFOP_CURRENT_DATE: 'current_date',
  SVFOP_CURRENT_TIME: 'current_time',
  SVFOP_CURRENT_TIME_N: 'current_time',
  SVFOP_CURRENT_TIMESTAMP: 'current_timestamp',
  SVFOP_CURRENT_TIMESTAMP_N: 'current_timestamp',
  SVFOP_LOCALTIME: 'localtime',
  SVFOP_LOCALTIME_N: 'localtime',
  SVFOP_LOCALTIMESTAMP: 'localtimestamp',
  SVFOP_LOCALTIMESTAMP_N: 'localtimestamp',
};

/**
 * Expressions written as syntax rather than calls: allowed, their parts checked like any other.
 * (Documentation and the docs comparison; the walker knows them as parse-tree nodes.)
 */
export const REPORT_EXPRESSIONS: readonly string[] = [
  'CASE',
  'COALESCE',
  'NULLIF',
  'GREATEST',
  'LEAST',
  'CAST',
  'IS [NOT] NULL',
  'IS [NOT] TRUE / FALSE',
  'IS [NOT] DISTINCT FROM',
  '[NOT] BETWEEN',
  '[NOT] IN',
  '[NOT] LIKE / ILIKE',
  'EXISTS',
  'ANY / ALL',
  'ARRAY[...]',
  'ROW(...)',
  'FILTER / WITHIN GROUP / OVER',
  'GROUPING SETS / ROLLUP / CUBE',
  'COLLATE',
];

export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set(Object.values(REPORT_FUNCTIONS).flat());
export const ALLOWED_OPERATORS: ReadonlySet<string> = new Set(REPORT_OPERATORS);
export const ALLOWED_TYPES: ReadonlySet<string> = new Set(REPORT_TYPES);
