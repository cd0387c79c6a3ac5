/**
 * One to-do source for the whole product (the workbench's 待办 / 已办, the 待办中心 list): each
 * module that gives people work adds a source - work orders and sub-orders today, approval tasks
 * when the workflow lands - and the lists read them all in one statement (a UNION ALL of the
 * sources' selects), so paging, sorting and counting happen in the database, not in memory.
 */
import type { RawBuilder } from 'kysely';

export type TodoState = 'todo' | 'done';

/** Whose items: the signed-in user (usernames are what work orders store; ids are for others). */
export interface TodoWho {
  userId: string;
  username: string;
  tenantId: number;
}

/**
 * A source's select answers exactly these columns, in this order (UNION ALL matches by position):
 * kind text, id text, target_id text (the record the row opens: a sub-order opens its order),
 * item_no text, title text, status text, priority text, deadline date, launcher text,
 * create_time timestamp, done_time timestamp (null while to do), overdue boolean (open and past its
 * deadline). The lists alias them in camelCase (server/todo/query.ts).
 */

export interface TodoSource {
  /** The `todo_kind` dictionary value of its rows. */
  kind: string;
  /** The dictionary of its `status` values (their texts differ per kind). */
  statusDict: string;
  /**
   * The page a row opens, from its target id (an app path; the browser only follows app paths);
   * a done item may open another, read-only page.
   */
  link(targetId: string, state: TodoState): string;
  /**
   * The who's items in one state (`today` in the app's time zone), or null when it has none. The
   * statement is compiled once per shape and reused (compiled.ts): bind `who` and `today` only as
   * values (as they are, or inside a string such as a like pattern), and never let them change the
   * statement's text or choose between constants.
   */
  select(state: TodoState, who: TodoWho, today: string): RawBuilder<unknown> | null;
}

/** The sources of this server, added by modules at start. */
export class TodoRegistry {
  private readonly sources: TodoSource[] = [];

  add(source: TodoSource): void {
    if (this.sources.some((s) => s.kind === source.kind))
      throw new Error(`duplicate to-do source ${source.kind}`);
    this.sources.push(source);
  }

  all(): readonly TodoSource[] {
    return this.sources;
  }

  byKind(kind: string): TodoSource | undefined {
    return this.sources.find((s) => s.kind === kind);
  }
}
