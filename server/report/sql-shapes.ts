/**
 * The parse-tree nodes a report statement may contain, and what each of their fields holds, as
 * libpg-query (PostgreSQL 17's raw parser) writes them: a node in a `Node` field comes wrapped,
 * `{"FuncCall": {...}}`; a field typed as one struct (`FuncCall.over`, `TypeCast.typeName`) holds it
 * unwrapped; a NIL list entry is `{}`. The guard (sql-walk.ts) refuses a node type that is not here
 * and a field a known node does not list, so a construct nobody thought about is refused rather
 * than passed (allow, don't deny). Which names are allowed inside (functions, operators, types,
 * tables) is decided by the node checks in sql-walk.ts and the list in sql-allow-list.ts.
 */

/** A plain value (string, number, boolean), a wrapped node, a list of them, or one unwrapped struct. */
export type FieldKind = 'value' | 'node' | 'nodes' | { struct: string };

const value = 'value';
const node = 'node';
const nodes = 'nodes';
const struct = (name: string) => ({ struct: name });
const at = { location: value } as const;

export const SHAPES: Readonly<Record<string, Readonly<Record<string, FieldKind>>>> = {
  // SELECT; intoClause and lockingClause are left out (refused with their own messages).
  SelectStmt: {
    distinctClause: nodes,
    targetList: nodes,
    fromClause: nodes,
    whereClause: node,
    groupClause: nodes,
    groupDistinct: value,
    havingClause: node,
    windowClause: nodes,
    valuesLists: nodes,
    sortClause: nodes,
    limitOffset: node,
    limitCount: node,
    limitOption: value,
    withClause: struct('WithClause'),
    op: value,
    all: value,
    larg: struct('SelectStmt'),
    rarg: struct('SelectStmt'),
  },
  // WITH; SEARCH and CYCLE (search_clause, cycle_clause) are left out.
  WithClause: { ctes: nodes, recursive: value, ...at },
  CommonTableExpr: { ctename: value, aliascolnames: nodes, ctematerialized: value, ctequery: node, ...at },
  ResTarget: { name: value, indirection: nodes, val: node, ...at },
  // FROM: tables, sub-selects and joins (functions in FROM are refused by their check).
  RangeVar: {
    schemaname: value,
    relname: value,
    inh: value,
    relpersistence: value,
    alias: struct('Alias'),
    ...at,
  },
  Alias: { aliasname: value, colnames: nodes },
  RangeSubselect: { lateral: value, subquery: node, alias: struct('Alias') },
  JoinExpr: {
    jointype: value,
    isNatural: value,
    larg: node,
    rarg: node,
    usingClause: nodes,
    join_using_alias: struct('Alias'),
    quals: node,
    alias: struct('Alias'),
    rtindex: value,
  },
  // Values and names.
  ColumnRef: { fields: nodes, ...at },
  A_Star: {},
  String: { sval: value },
  Integer: { ival: value },
  Float: { fval: value },
  Boolean: { boolval: value },
  BitString: { bsval: value },
  A_Const: {
    ival: struct('Integer'),
    fval: struct('Float'),
    boolval: struct('Boolean'),
    sval: struct('String'),
    bsval: struct('BitString'),
    isnull: value,
    ...at,
  },
  ParamRef: { number: value, ...at },
  List: { items: nodes },
  // Casts: setof and %TYPE (pct_type) are left out.
  TypeCast: { arg: node, typeName: struct('TypeName'), ...at },
  TypeName: { names: nodes, typmods: nodes, typemod: value, arrayBounds: nodes, ...at },
  // Calls, aggregates and windows.
  FuncCall: {
    funcname: nodes,
    args: nodes,
    agg_order: nodes,
    agg_filter: node,
    over: struct('WindowDef'),
    agg_within_group: value,
    agg_star: value,
    agg_distinct: value,
    func_variadic: value,
    funcformat: value,
    ...at,
  },
  NamedArgExpr: { arg: node, name: value, argnumber: value, ...at },
  WindowDef: {
    name: value,
    refname: value,
    partitionClause: nodes,
    orderClause: nodes,
    frameOptions: value,
    startOffset: node,
    endOffset: node,
    ...at,
  },
  SortBy: { node: node, sortby_dir: value, sortby_nulls: value, useOp: nodes, ...at },
  GroupingSet: { kind: value, content: nodes, ...at },
  GroupingFunc: { args: nodes, ...at },
  // Expressions.
  A_Expr: { kind: value, name: nodes, lexpr: node, rexpr: node, ...at },
  BoolExpr: { boolop: value, args: nodes, ...at },
  NullTest: { arg: node, nulltesttype: value, argisrow: value, ...at },
  BooleanTest: { arg: node, booltesttype: value, ...at },
  SubLink: { subLinkType: value, subLinkId: value, testexpr: node, operName: nodes, subselect: node, ...at },
  CaseExpr: { arg: node, args: nodes, defresult: node, ...at },
  CaseWhen: { expr: node, result: node, ...at },
  CoalesceExpr: { args: nodes, ...at },
  MinMaxExpr: { op: value, args: nodes, ...at },
  SQLValueFunction: { op: value, typmod: value, ...at },
  A_ArrayExpr: { elements: nodes, ...at },
  A_Indirection: { arg: node, indirection: nodes },
  A_Indices: { is_slice: value, lidx: node, uidx: node },
  RowExpr: { args: nodes, row_format: value, colnames: nodes, ...at },
  CollateClause: { arg: node, collname: nodes, ...at },
};

/** How a refused construct is named in its message (node types, or `Node.field`); else its own name. */
export const SYNTAX_LABELS: Readonly<Record<string, string>> = {
  RangeFunction: 'FROM 中的函数',
  RangeTableSample: 'TABLESAMPLE',
  RangeTableFunc: 'XMLTABLE',
  JsonTable: 'JSON_TABLE',
  XmlExpr: 'XML',
  XmlSerialize: 'XMLSERIALIZE',
  SetToDefault: 'DEFAULT',
  CurrentOfExpr: 'CURRENT OF',
  MultiAssignRef: '多列赋值',
  'CommonTableExpr.search_clause': 'SEARCH',
  'CommonTableExpr.cycle_clause': 'CYCLE',
  'TypeName.setof': 'SETOF',
  'TypeName.pct_type': '%TYPE',
  'RangeVar.catalogname': '跨数据库的表名',
};

/** Statement kinds by their node, for the message of a statement that is not a SELECT. */
export const STATEMENT_KINDS: Readonly<Record<string, string>> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  CopyStmt: 'COPY',
  VariableSetStmt: 'SET',
  VariableShowStmt: 'SHOW',
  TruncateStmt: 'TRUNCATE',
  CreateStmt: 'CREATE TABLE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  DropStmt: 'DROP',
  AlterTableStmt: 'ALTER TABLE',
  GrantStmt: 'GRANT',
  TransactionStmt: 'BEGIN / COMMIT',
  DoStmt: 'DO',
  CallStmt: 'CALL',
  ExplainStmt: 'EXPLAIN',
  LockStmt: 'LOCK',
  ListenStmt: 'LISTEN',
  NotifyStmt: 'NOTIFY',
  VacuumStmt: 'VACUUM',
  PrepareStmt: 'PREPARE',
  ExecuteStmt: 'EXECUTE',
  DeclareCursorStmt: 'DECLARE',
};
