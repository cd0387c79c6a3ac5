/**
 * The to-do list and its counts over every source in one statement each. Filters apply to the
 * union (the sources' selects are already narrowed by their indexes to one person's items), the
 * total comes with the page (count(*) over ()), and every value is bound.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { CompiledStatements, type Slots } from './compiled.js';
import type { TodoRegistry, TodoSource, TodoState, TodoWho } from './source.js';

export interface TodoFilter {
  state: TodoState;
  kind?: string;
  /** Part of the title or the number. */
  title?: string;
  /** The title's ilike pattern (set by `slotsOf` from `title`; the statement binds this). */
  titlePattern?: string;
  deadlineBegin?: string;
  deadlineEnd?: string;
  overdueOnly?: boolean;
}

export interface TodoPage {
  pageNo: number;
  pageSize: number;
}

/** One row as the lists answer it (camelCase, dictionary texts beside their values). */
export interface TodoItem {
  kind: string;
  kind_dictText: string;
  id: string;
  targetId: string;
  itemNo: string | null;
  title: string;
  status: string;
  statusText: string;
  priority: string | null;
  priority_dictText: string;
  deadline: string | null;
  launcher: string | null;
  launcher_dictText: string;
  /** Dates: the app's JSON serializer writes them in its time zone. */
  createTime: Date | string;
  doneTime: Date | string | null;
  overdue: boolean;
  /** A done item (已办): its row offers 查看 instead of 处理. */
  done: boolean;
  link: string;
}

/** The page's columns, aliased in camelCase (what the database plugin would turn them into anyway). */
interface RawItem {
  kind: string;
  id: string;
  targetId: string;
  itemNo: string | null;
  title: string;
  status: string;
  priority: string | null;
  deadlineText: string | null;
  launcher: string | null;
  createTime: Date | string;
  doneTime: Date | string | null;
  overdue: boolean;
  total: string | number;
  kindText: string | null;
  statusText: string | null;
  priorityText: string | null;
  launcherText: string | null;
}

function union(
  sources: readonly TodoSource[],
  state: TodoState,
  who: TodoWho,
  today: string,
): RawBuilder<unknown> | null {
  const parts = sources.map((s) => s.select(state, who, today)).filter((p) => p !== null);
  if (parts.length === 0) return null;
  return sql.join(
    parts.map((p) => sql`(${p})`),
    sql` union all `,
  );
}

/** The filter's sources (one kind, or all) as one union; null when none has items in that state. */
function filteredUnion(registry: TodoRegistry, who: TodoWho, today: string, filter: TodoFilter) {
  const sources = filter.kind ? registry.all().filter((s) => s.kind === filter.kind) : registry.all();
  return { sources, all: union(sources, filter.state, who, today) };
}

function whereOf(filter: TodoFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`true`];
  if (filter.kind) parts.push(sql<SqlBool>`t.kind = ${filter.kind}`);
  if (filter.titlePattern !== undefined) {
    const pattern = filter.titlePattern;
    parts.push(sql<SqlBool>`(t.title ilike ${pattern} or t.item_no ilike ${pattern})`);
  }
  if (filter.deadlineBegin) parts.push(sql<SqlBool>`t.deadline >= ${filter.deadlineBegin}::date`);
  if (filter.deadlineEnd) parts.push(sql<SqlBool>`t.deadline <= ${filter.deadlineEnd}::date`);
  if (filter.overdueOnly) parts.push(sql<SqlBool>`t.overdue`);
  return sql.join(parts, sql` and `) as RawBuilder<SqlBool>;
}

/** To do: the nearest deadline first (none last); done: the latest finished first. */
function orderOf(state: TodoState): RawBuilder<unknown> {
  return state === 'todo'
    ? sql`t.deadline asc nulls last, t.create_time desc, t.id`
    : sql`t.done_time desc nulls last, t.id`;
}

/** The dictionaries of the answered texts (schemas/workorder/todo-item.json declares the same). */
export const TODO_KIND_DICT = 'todo_kind';
export const PRIORITY_DICT = 'urgent_level';

/** The text of `value` in the system dictionary `code` (enabled items only), as a scalar subquery. */
function dictText(code: RawBuilder<unknown>, value: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
    where d.dict_code = ${code} and d.del_flag = 0 and i.status = 1 and i.item_value = ${value} limit 1)`;
}

/**
 * The statement of one page: the page of the union with its total, then - for the page's rows only -
 * the texts of kind, status (each source's own dictionary), priority and launcher, so one round trip
 * answers everything the lists show.
 */
function todoPageSql(
  registry: TodoRegistry,
  who: TodoWho,
  today: string,
  filter: TodoFilter,
  page: { limit: number; offset: number },
): RawBuilder<RawItem> | null {
  const { sources, all } = filteredUnion(registry, who, today, filter);
  if (!all) return null;
  const statusDict = sql`case p.kind ${sql.join(
    sources.map((s) => sql`when ${s.kind} then ${s.statusDict}`),
    sql` `,
  )} end`;
  return sql<RawItem>`select p.*, ${dictText(sql`${TODO_KIND_DICT}`, sql`p.kind`)} as "kindText",
      ${dictText(statusDict, sql`p.status`)} as "statusText",
      ${dictText(sql`${PRIORITY_DICT}`, sql`p.priority`)} as "priorityText",
      (select u.realname from sys_user u where u.username = p.launcher limit 1) as "launcherText"
    from (select t.kind, t.id, t.target_id as "targetId", t.item_no as "itemNo", t.title, t.status,
        t.priority, to_char(t.deadline, 'YYYY-MM-DD') as "deadlineText", t.launcher,
        t.create_time as "createTime", t.done_time as "doneTime", t.overdue, count(*) over () as total,
        row_number() over (order by ${orderOf(filter.state)}) as "rowNo"
      from (${all}) t where ${whereOf(filter)}
      order by ${orderOf(filter.state)} limit ${page.limit} offset ${page.offset}) p
    order by p."rowNo"`;
}

async function todoTotal(
  db: Db,
  registry: TodoRegistry,
  who: TodoWho,
  today: string,
  filter: TodoFilter,
): Promise<number> {
  const { all } = filteredUnion(registry, who, today, filter);
  if (!all) return 0;
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from (${all}) t
    where ${whereOf(filter)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Each registry's statements, compiled once per shape (server/todo/compiled.ts). */
const compiled = new WeakMap<TodoRegistry, CompiledStatements>();

function statementsOf(registry: TodoRegistry): CompiledStatements {
  let statements = compiled.get(registry);
  if (!statements) compiled.set(registry, (statements = new CompiledStatements()));
  return statements;
}

/** The values a statement binds: who, today, the filter's values and the page (final values only). */
function slotsOf(who: TodoWho, today: string, filter: TodoFilter, page?: TodoPage): Slots {
  const slots: Slots = { userId: who.userId, username: who.username, tenantId: who.tenantId, today };
  if (filter.title) slots.titlePattern = `%${filter.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (filter.deadlineBegin) slots.deadlineBegin = filter.deadlineBegin;
  if (filter.deadlineEnd) slots.deadlineEnd = filter.deadlineEnd;
  if (page) {
    slots.limit = page.pageSize;
    slots.offset = (page.pageNo - 1) * page.pageSize;
  }
  return slots;
}

/** Who and the filter back from the slots (the sentinels while a shape is compiled). */
function fromSlots(s: Slots, filter: TodoFilter): { who: TodoWho; today: string; filter: TodoFilter } {
  const text = (name: string) => (s[name] === undefined ? undefined : String(s[name]));
  return {
    who: { userId: String(s.userId), username: String(s.username), tenantId: Number(s.tenantId) },
    today: String(s.today),
    filter: {
      ...filter,
      titlePattern: text('titlePattern'),
      deadlineBegin: text('deadlineBegin'),
      deadlineEnd: text('deadlineEnd'),
    },
  };
}

/** What makes two statements' texts differ: the state, the kind and which filters are set. */
function shapeOf(name: string, filter: TodoFilter): string {
  const set = [filter.title, filter.deadlineBegin, filter.deadlineEnd, filter.overdueOnly].map((v) =>
    v ? 1 : 0,
  );
  return `${name}:${filter.state}:${filter.kind ?? '*'}:${set.join('')}`;
}

export async function todoPage(
  db: Db,
  registry: TodoRegistry,
  who: TodoWho,
  today: string,
  filter: TodoFilter,
  page: TodoPage,
): Promise<{ records: TodoItem[]; total: number }> {
  const slots = slotsOf(who, today, filter, page);
  const rows = await statementsOf(registry).rows(db, shapeOf('page', filter), slots, (s) => {
    const values = fromSlots(s, filter);
    const limits = { limit: Number(s.limit), offset: Number(s.offset) };
    return todoPageSql(registry, values.who, values.today, values.filter, limits);
  });
  // A page past the end has no row to carry the total: count on its own (rare: a stale page number).
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : page.pageNo > 1
        ? await todoTotal(db, registry, who, today, fromSlots(slots, filter).filter)
        : 0;
  const records = rows.map((r) => ({
    kind: r.kind,
    kind_dictText: r.kindText ?? '',
    id: r.id,
    targetId: r.targetId,
    itemNo: r.itemNo,
    title: r.title,
    status: r.status,
    statusText: r.statusText ?? r.status,
    priority: r.priority,
    priority_dictText: r.priorityText ?? '',
    deadline: r.deadlineText,
    launcher: r.launcher,
    launcher_dictText: r.launcherText ?? '',
    createTime: r.createTime,
    doneTime: r.doneTime,
    overdue: r.overdue === true,
    done: filter.state === 'done',
    link: registry.byKind(r.kind)?.link(r.targetId, filter.state) ?? '',
  }));
  return { records, total };
}

export interface TodoCounts {
  todo: number;
  done: number;
  overdue: number;
}

/** The tab counts: to do, done, and overdue among the to-do items, in one statement. */
export async function todoCounts(
  db: Db,
  registry: TodoRegistry,
  who: TodoWho,
  today: string,
): Promise<TodoCounts> {
  const filter: TodoFilter = { state: 'todo' };
  const rows = await statementsOf(registry).rows(db, 'counts', slotsOf(who, today, filter), (s) => {
    const values = fromSlots(s, filter);
    const todo = union(registry.all(), 'todo', values.who, values.today);
    const done = union(registry.all(), 'done', values.who, values.today);
    const count = (part: RawBuilder<unknown> | null) =>
      part ? sql`(select count(*) from (${part}) t)` : sql`0`;
    const overdue = todo ? sql`(select count(*) from (${todo}) t where t.overdue)` : sql`0`;
    return sql<{ todo: string; done: string; overdue: string }>`select ${count(todo)} as todo,
      ${count(done)} as done, ${overdue} as overdue`;
  });
  const row = rows[0];
  return { todo: Number(row?.todo ?? 0), done: Number(row?.done ?? 0), overdue: Number(row?.overdue ?? 0) };
}
