/**
 * The report statement, parsed by PostgreSQL's own parser (libpg-query: the C parser compiled to
 * WebAssembly), not matched with patterns: exactly one SELECT (a WITH whose parts are SELECTs
 * too), and then every node of its tree checked against what a report may use (sql-walk.ts, with
 * the names in sql-allow-list.ts): a function, operator, cast, table or construct that is not
 * allowed is refused with its name. On PostgreSQL the report's own login role (report-login.ts)
 * enforces the reads at the database as well; on the embedded database this guard and the
 * planner-cost check are the wall (docs/modules/reports.md "Safety").
 */
import { ApiError } from '../result.js';
import { PassMemo } from './pass-memo.js';
import { checkStatementTree, GuardMessages } from './sql-walk.js';
import { STATEMENT_KINDS } from './sql-shapes.js';

export { GuardMessages };

interface ParseResult {
  stmts?: { stmt: Record<string, unknown> }[];
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

export interface GuardOptions {
  /** The tables a report may read (the report data set's view names); null: any (an external source). */
  tables: ReadonlySet<string> | null;
  /** The schema those tables live in (`rpt`); a table named with another schema is refused. */
  schema?: string;
  /**
   * WITH RECURSIVE allowed (default false): only where a statement timeout stops a runaway
   * recursion, i.e. PostgreSQL; the embedded database cannot interrupt a running statement.
   */
  recursive?: boolean;
}

// A parse and walk cost ~0.5 ms; the statement text and the options decide the verdict alone.
const passes = new PassMemo(Number.POSITIVE_INFINITY);

/** Throws an ApiError naming the first thing a report statement may not do. */
export async function checkReportSql(sql: string, options: GuardOptions): Promise<void> {
  const key = JSON.stringify([
    sql,
    options.schema ?? '',
    options.recursive === true,
    options.tables ? [...options.tables].sort() : null,
  ]);
  await passes.unlessPassed(key, () => checkReportSqlNow(sql, options));
}

/** The guard without the memo of passes (the bench measures it; checkReportSql is what routes use). */
export async function checkReportSqlNow(sql: string, options: GuardOptions): Promise<void> {
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
  if (kind !== 'SelectStmt') throw new ApiError(GuardMessages.notSelect(STATEMENT_KINDS[kind] ?? kind));
  checkStatementTree(stmts[0].stmt, {
    tables: options.tables,
    schema: options.schema,
    recursive: options.recursive === true,
  });
}
