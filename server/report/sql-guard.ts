/**
 * The report statement, parsed by PostgreSQL's own parser (libpg-query: the C parser compiled to
 * WebAssembly), not matched with patterns: exactly one SELECT (a WITH whose parts are SELECTs
 * too), no SELECT INTO, no FOR UPDATE / SHARE, no call of a function that reaches outside the
 * query, and only the tables of the report data set (or the statement's own CTEs). Each refusal
 * names what was found. The role the report runs as (run.ts) enforces the same at the database.
 */
import { ApiError } from '../result.js';
import { PassMemo } from './pass-memo.js';

export const GuardMessages = {
  syntax: (detail: string) => `SQL语法错误：${detail}`,
  empty: '请填写SQL语句',
  count: (n: number) => `只能是一条SELECT语句，发现${n}条语句`,
  notSelect: (kind: string) => `只能是SELECT语句，发现：${kind}`,
  into: 'SELECT INTO 会创建表，报表中不允许',
  locking: 'FOR UPDATE / FOR SHARE 会锁定数据，报表中不允许',
  func: (name: string) => `报表中不允许调用函数：${name}`,
  table: (name: string) => `报表只能读取报表数据集中的表，发现：${name}`,
} as const;

/** Statement kinds by their parse-tree node, for the message. */
const KINDS: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  CopyStmt: 'COPY',
  VariableSetStmt: 'SET',
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
};

/** Functions that read files or the server, wait, write, or run SQL given as text. */
const DENIED_FUNCTIONS = new Set([
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'set_config',
  'nextval',
  'setval',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'query_to_xmlschema',
  'cursor_to_xml',
  'table_to_xml',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'database_to_xml',
  'txid_current',
]);
/** Whole families: server files and administration (pg_*), large objects (lo_*), dblink. */
const DENIED_PREFIXES = ['pg_', 'lo_', 'dblink'];
/** pg_* functions that only describe a value. */
const ALLOWED_PG_FUNCTIONS = new Set(['pg_typeof', 'pg_size_pretty']);

export function isDeniedFunction(name: string): boolean {
  const lower = name.toLowerCase();
  if (ALLOWED_PG_FUNCTIONS.has(lower)) return false;
  return DENIED_FUNCTIONS.has(lower) || DENIED_PREFIXES.some((p) => lower.startsWith(p));
}

type Node = Record<string, unknown>;

interface ParseResult {
  stmts?: { stmt: Node }[];
}

let parser: Promise<{ parseSync(sql: string): ParseResult }> | null = null;

/** The parser loads (a WebAssembly module) on the first report, not with the server. */
function loadParser() {
  parser ??= import('libpg-query').then(async ({ loadModule, parseSync }) => {
    await loadModule();
    return { parseSync: (sql: string) => parseSync(sql) as ParseResult };
  });
  return parser;
}

const sval = (node: unknown): string =>
  node && typeof node === 'object' && 'String' in node
    ? String((node as { String: { sval: string } }).String.sval)
    : '';

/** Every object node of the tree with its key (SelectStmt, FuncCall, RangeVar ...). */
function* nodes(value: unknown): Generator<[string, Node]> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value as Node)) {
    if (child && typeof child === 'object' && !Array.isArray(child) && /^[A-Z]/.test(key))
      yield [key, child as Node];
    yield* nodes(child);
  }
}

export interface GuardOptions {
  /** The tables a report may read (the report data set's view names); null: any (an external source). */
  tables: ReadonlySet<string> | null;
  /** The schema those tables live in (`rpt`); a table named with another schema is refused. */
  schema?: string;
}

// A parse costs ~0.4 ms; the statement text and the allowed names decide the verdict alone.
const passes = new PassMemo(Number.POSITIVE_INFINITY);

/** Throws an ApiError naming the first thing a report statement may not do. */
export async function checkReportSql(sql: string, options: GuardOptions): Promise<void> {
  const key = JSON.stringify([sql, options.schema ?? '', options.tables ? [...options.tables].sort() : null]);
  await passes.unlessPassed(key, () => checkParsed(sql, options));
}

async function checkParsed(sql: string, options: GuardOptions): Promise<void> {
  if (sql.trim() === '') throw new ApiError(GuardMessages.empty);
  const { parseSync } = await loadParser();
  let tree: ParseResult;
  try {
    tree = parseSync(sql);
  } catch (error) {
    throw new ApiError(GuardMessages.syntax((error as Error).message));
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) throw new ApiError(GuardMessages.count(stmts.length));
  const [kind] = Object.keys(stmts[0].stmt);
  if (kind !== 'SelectStmt') throw new ApiError(GuardMessages.notSelect(KINDS[kind] ?? kind));
  const ctes = new Set<string>();
  for (const [key, node] of nodes(stmts[0].stmt))
    if (key === 'CommonTableExpr') ctes.add(String(node.ctename));
  for (const [key, node] of nodes(stmts[0].stmt)) {
    if (key.endsWith('Stmt') && key !== 'SelectStmt')
      throw new ApiError(GuardMessages.notSelect(KINDS[key] ?? key));
    if (key === 'SelectStmt' && node.intoClause) throw new ApiError(GuardMessages.into);
    if (key === 'SelectStmt' && node.lockingClause) throw new ApiError(GuardMessages.locking);
    if (key === 'FuncCall') {
      const name = ((node.funcname as unknown[]) ?? []).map(sval).join('.');
      const last = name.split('.').pop() ?? name;
      if (isDeniedFunction(last)) throw new ApiError(GuardMessages.func(name));
    }
    if (key === 'RangeVar' && options.tables) {
      const schema = typeof node.schemaname === 'string' ? node.schemaname : '';
      const relname = String(node.relname);
      const named = schema ? `${schema}.${relname}` : relname;
      const own = !schema && ctes.has(relname);
      const allowed = (!schema || schema === options.schema) && options.tables.has(relname);
      if (!own && !allowed) throw new ApiError(GuardMessages.table(named));
    }
  }
}
