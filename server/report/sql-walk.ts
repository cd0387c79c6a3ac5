/**
 * The guard's walk over a report statement's parse tree (issue 31: allow, don't deny). Every node
 * must be a type sql-shapes.ts knows, with only the fields it lists; calls, operators, casts and
 * value functions must be in sql-allow-list.ts; tables must be the report data set's (or the
 * statement's own CTEs), and nothing may name a catalog (`pg_*`, information_schema). A node is
 * checked before its children, so the message names the outermost refused thing: `ts_stat`, not
 * whatever its SQL text hides (a string is never parsed again: it is a value here, and a function
 * that would run it is refused by name).
 */
import { ApiError } from '../result.js';
import {
  ALLOWED_FUNCTIONS,
  ALLOWED_OPERATORS,
  ALLOWED_TYPES,
  REPORT_VALUE_FUNCTIONS,
} from './sql-allow-list.js';
import { SHAPES, STATEMENT_KINDS, SYNTAX_LABELS, type FieldKind } from './sql-shapes.js';

export const GuardMessages = {
  syntax: (detail: string) => `SQL语法错误：${detail}`,
  empty: '请填写SQL语句',
  count: (n: number) => `只能是一条SELECT语句，发现${n}条语句`,
  notSelect: (kind: string) => `只能是SELECT语句，发现：${kind}`,
  into: 'SELECT INTO 会创建表，报表中不允许',
  locking: 'FOR UPDATE / FOR SHARE 会锁定数据，报表中不允许',
  func: (name: string) => `报表中不允许调用函数：${name}`,
  fromFunc: (name: string) => `报表中不允许在FROM中调用函数：${name}`,
  operator: (name: string) => `报表中不允许使用运算符：${name}`,
  type: (name: string) => `报表中不允许转换为类型：${name}`,
  table: (name: string) => `报表只能读取报表数据集中的表，发现：${name}`,
  catalog: (name: string) => `报表中不允许使用系统对象：${name}`,
  construct: (what: string) => `报表中不允许使用该语法：${what}`,
  recursive: 'WITH RECURSIVE 在内置数据库上无法被超时中断，报表中不允许',
  tooDeep: 'SQL嵌套层次过深',
} as const;

export interface WalkOptions {
  /** The tables a report may read (the report data set's view names); null: any (a data source). */
  tables: ReadonlySet<string> | null;
  /** The schema those tables live in (`rpt`); a table named with another schema is refused. */
  schema?: string;
  /** WITH RECURSIVE allowed: only where a statement timeout can stop it (not the embedded database). */
  recursive: boolean;
}

type Obj = Record<string, unknown>;

interface Walk {
  options: WalkOptions;
  /** The CTE names in scope, innermost last (one entry per SELECT being walked). */
  ctes: string[][];
  depth: number;
}

/** JSON levels, not SQL levels: a real report stays far below; it keeps the recursion off the stack limit. */
const MAX_DEPTH = 1000;

const refuse = (message: string): never => {
  throw new ApiError(message);
};
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCatalogName = (name: string) => name.startsWith('pg_') || name === 'information_schema';

/** The names of a list of String nodes (function, operator, type and collation names). */
function names(list: unknown): string[] {
  if (!Array.isArray(list)) return refuse(GuardMessages.construct('名称'));
  return list.map((item) => {
    const sval = isObj(item) && isObj(item.String) ? item.String.sval : undefined;
    return typeof sval === 'string' ? sval : refuse(GuardMessages.construct('名称'));
  });
}

/** A name of one part, or `pg_catalog.<name>`: the bare name; anything else is null (refused by the caller). */
function builtin(parts: string[]): string | null {
  if (parts.length === 1) return parts[0];
  if (parts.length === 2 && parts[0] === 'pg_catalog') return parts[1];
  return null;
}

function checkFunction(parts: string[]): void {
  const name = builtin(parts);
  if (name === null || !ALLOWED_FUNCTIONS.has(name)) refuse(GuardMessages.func(parts.join('.')));
}

function checkOperator(list: unknown): void {
  const parts = names(list);
  const op = builtin(parts);
  if (op === null || !ALLOWED_OPERATORS.has(op)) refuse(GuardMessages.operator(parts.join('.')));
}

function checkTable(node: Obj, walk: Walk): void {
  const schema = typeof node.schemaname === 'string' ? node.schemaname : '';
  const relname = String(node.relname);
  const named = schema ? `${schema}.${relname}` : relname;
  if (isCatalogName(relname) || (schema && isCatalogName(schema))) refuse(GuardMessages.catalog(named));
  const { tables, schema: own } = walk.options;
  if (!tables) return;
  if (!schema && walk.ctes.some((scope) => scope.includes(relname))) return;
  if ((!schema || schema === own) && tables.has(relname)) return;
  refuse(GuardMessages.table(named));
}

const A_EXPR_WITH_OPERATOR = new Set([
  'AEXPR_OP',
  'AEXPR_OP_ANY',
  'AEXPR_OP_ALL',
  'AEXPR_DISTINCT',
  'AEXPR_NOT_DISTINCT',
  'AEXPR_NULLIF',
  'AEXPR_IN',
  'AEXPR_LIKE',
  'AEXPR_ILIKE',
]);
const A_EXPR_BETWEEN = new Set([
  'AEXPR_BETWEEN',
  'AEXPR_NOT_BETWEEN',
  'AEXPR_BETWEEN_SYM',
  'AEXPR_NOT_BETWEEN_SYM',
]);
const SUBLINKS = new Set(['EXISTS_SUBLINK', 'ALL_SUBLINK', 'ANY_SUBLINK', 'EXPR_SUBLINK', 'ARRAY_SUBLINK']);

/** What a node of each type must pass before its fields are walked. */
const CHECKS: Readonly<Record<string, (node: Obj, walk: Walk) => void>> = {
  SelectStmt(node) {
    if (node.intoClause) refuse(GuardMessages.into);
    if (node.lockingClause) refuse(GuardMessages.locking);
  },
  WithClause(node, walk) {
    if (node.recursive && !walk.options.recursive) refuse(GuardMessages.recursive);
  },
  CommonTableExpr(node) {
    if (isCatalogName(String(node.ctename))) refuse(GuardMessages.catalog(String(node.ctename)));
  },
  RangeVar: checkTable,
  FuncCall(node) {
    checkFunction(names(node.funcname));
  },
  RangeFunction(node) {
    // Set-returning and table functions are not allowed; a scalar one in FROM is refused too.
    const first = Array.isArray(node.functions) ? node.functions[0] : undefined;
    const call =
      isObj(first) && isObj(first.List) && Array.isArray(first.List.items) ? first.List.items[0] : null;
    const parts = isObj(call) && isObj(call.FuncCall) ? names(call.FuncCall.funcname) : ['?'];
    checkFunction(parts);
    refuse(GuardMessages.fromFunc(parts.join('.')));
  },
  A_Expr(node) {
    const kind = String(node.kind);
    if (A_EXPR_WITH_OPERATOR.has(kind)) checkOperator(node.name);
    else if (kind === 'AEXPR_SIMILAR') refuse(GuardMessages.operator('SIMILAR TO'));
    else if (!A_EXPR_BETWEEN.has(kind)) refuse(GuardMessages.construct(kind));
  },
  SubLink(node) {
    if (!SUBLINKS.has(String(node.subLinkType))) refuse(GuardMessages.construct(String(node.subLinkType)));
    if (node.operName !== undefined) checkOperator(node.operName);
  },
  SortBy(node) {
    if (node.useOp !== undefined) checkOperator(node.useOp);
  },
  TypeName(node) {
    const parts = names(node.names);
    const type = builtin(parts);
    if (type === null || !ALLOWED_TYPES.has(type)) refuse(GuardMessages.type(parts.join('.')));
  },
  SQLValueFunction(node) {
    const op = String(node.op);
    if (!(op in REPORT_VALUE_FUNCTIONS)) refuse(GuardMessages.func(op.replace(/^SVFOP_/, '').toLowerCase()));
  },
  CollateClause(node) {
    const parts = names(node.collname);
    const name = builtin(parts);
    if (name === null || isCatalogName(name)) refuse(GuardMessages.construct(`COLLATE ${parts.join('.')}`));
  },
};

/** A construct the walk does not know: a statement other than SELECT says so, anything else by its label. */
function unknown(label: string): never {
  const kind = STATEMENT_KINDS[label];
  if (kind) refuse(GuardMessages.notSelect(kind));
  if (label.endsWith('Stmt')) refuse(GuardMessages.notSelect(label));
  return refuse(GuardMessages.construct(SYNTAX_LABELS[label] ?? label));
}

/** A wrapped node (`{"Type": {...}}`), or `{}` for an empty entry. */
function walkNode(wrapper: unknown, walk: Walk): void {
  if (!isObj(wrapper)) return unknown('?');
  const keys = Object.keys(wrapper);
  if (keys.length === 0) return;
  if (keys.length !== 1) return unknown(keys.join(','));
  walkStruct(keys[0], wrapper[keys[0]], walk);
}

function walkField(type: string, field: string, kind: FieldKind, child: unknown, walk: Walk): void {
  const where = `${type}.${field}`;
  if (kind === 'value') {
    if (!['string', 'number', 'boolean'].includes(typeof child)) unknown(where);
  } else if (kind === 'node') {
    walkNode(child, walk);
  } else if (kind === 'nodes') {
    if (!Array.isArray(child)) return unknown(where);
    for (const item of child) walkNode(item, walk);
  } else {
    walkStruct(kind.struct, child, walk);
  }
}

/** A node's own fields, after its check; a SELECT's CTE names are in scope for everything in it. */
export function walkStruct(type: string, node: unknown, walk: Walk): void {
  if (!isObj(node)) return unknown(type);
  CHECKS[type]?.(node, walk);
  const shape = SHAPES[type];
  if (!shape) return unknown(type);
  if (++walk.depth > MAX_DEPTH) refuse(GuardMessages.tooDeep);
  const scoped = type === 'SelectStmt';
  if (scoped) walk.ctes.push(cteNames(node.withClause));
  try {
    for (const [field, child] of Object.entries(node)) {
      const kind = shape[field];
      if (!kind) unknown(SYNTAX_LABELS[`${type}.${field}`] ? `${type}.${field}` : field);
      walkField(type, field, kind, child, walk);
    }
  } finally {
    if (scoped) walk.ctes.pop();
    walk.depth -= 1;
  }
}

function cteNames(withClause: unknown): string[] {
  if (!isObj(withClause) || !Array.isArray(withClause.ctes)) return [];
  return withClause.ctes.flatMap((cte) =>
    isObj(cte) && isObj(cte.CommonTableExpr) && typeof cte.CommonTableExpr.ctename === 'string'
      ? [cte.CommonTableExpr.ctename]
      : [],
  );
}

/** Throws an ApiError naming the first thing in the statement's tree a report may not use. */
export function checkStatementTree(stmt: unknown, options: WalkOptions): void {
  walkNode(stmt, { options, ctes: [], depth: 0 });
}
