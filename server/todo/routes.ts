/**
 * The to-do calls (docs/modules/workorder.md, "Workbench"):
 * GET /sys/todo/list?type=1|2 - 待办 / 已办 of the signed-in user over every source; the declared
 *   待办中心 screen (schemas/workorder/todo-item.json, routes external) reads it like any list:
 *   kind, title (part of the title or number), deadline_begin / deadline_end, overdue=1, paging;
 * GET /sys/todo/counts - the tab counts {todo, done, overdue};
 * GET /sys/workOrder/queryWorkbenchList?type - the workbench's name for the same list (spec 001 §7);
 * GET /sys/workOrder/workOrderList?type - the same, work orders only.
 * Everyone signed in may call them: they only ever answer the caller's own items.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE, single } from '../../runtime/model/query/compile.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import type { Db } from '../db/database.js';
import { access, guarded, pageOf, queryOf } from '../entity/route-kit.js';
import { ApiError, ok, ResultCode } from '../result.js';
import { PRIORITY_DICT, TODO_KIND_DICT, todoCounts, todoPage, type TodoFilter } from './query.js';
import type { TodoRegistry, TodoState, TodoWho } from './source.js';

export const TODO_ENTITY = 'todoItem';
/** Enough for a 待办中心 page; a person's to-do list is not a data export. */
const MAX_PAGE_SIZE = 100;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface TodoDeps {
  db: Db;
  registry: TodoRegistry;
  /** Today (YYYY-MM-DD) in the app's time zone. */
  today(): string;
}

function whoOf(request: FastifyRequest): TodoWho {
  const auth = request.auth;
  if (!auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  return { userId: auth.userId, username: auth.username, tenantId: auth.tenantId };
}

function stateOf(raw: string | undefined): TodoState {
  if (raw === undefined || raw === '' || raw === '1') return 'todo';
  if (raw === '2') return 'done';
  throw new ApiError(`参数不识别：type=${raw}`);
}

function dateOf(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!DATE.test(raw)) throw new ApiError(`参数错误：${name}=${raw}`);
  return raw;
}

function whole(raw: string | undefined, fallback: number, max: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The filter and page of a list call; `kind` fixed by the workOrderList alias. */
function readQuery(deps: TodoDeps, request: FastifyRequest, kind?: string) {
  const q = queryOf(request);
  const askedKind = kind ?? single(q, 'kind') ?? '';
  if (askedKind !== '' && !deps.registry.byKind(askedKind))
    throw new ApiError(`参数不识别：kind=${askedKind}`);
  const filter: TodoFilter = {
    state: stateOf(single(q, 'type')),
    kind: askedKind || undefined,
    // The list's like filter arrives as `*text*` (the contract's micro-syntax); the workbench sends text.
    title:
      (single(q, 'title') ?? '')
        .replace(/^\*|\*$/g, '')
        .trim()
        .slice(0, 100) || undefined,
    deadlineBegin: dateOf(single(q, 'deadline_begin'), 'deadline_begin'),
    deadlineEnd: dateOf(single(q, 'deadline_end'), 'deadline_end'),
    overdueOnly: single(q, 'overdue') === '1',
  };
  const page = {
    pageNo: whole(single(q, 'pageNo'), 1, 100_000),
    pageSize: whole(single(q, 'pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  return { filter, page };
}

export function registerTodoRoutes(
  app: FastifyInstance,
  deps: TodoDeps,
  declarations: readonly LoadedDeclaration[],
): void {
  const model = declarations.find((d) => d.model.name === TODO_ENTITY)?.model;
  if (!model) throw new Error(`the ${TODO_ENTITY} declaration is missing`);
  // The statement answers the texts itself (one round trip): it must use the declared dictionaries.
  if (model.field('kind')?.dict !== TODO_KIND_DICT || model.field('priority')?.dict !== PRIORITY_DICT)
    throw new Error(
      `the ${TODO_ENTITY} declaration's kind / priority dictionaries changed: see server/todo/query.ts`,
    );
  const list = (kind?: string) => (request: FastifyRequest) =>
    guarded(async () => {
      const { filter, page } = readQuery(deps, request, kind);
      // One statement: the page, its total and the texts of the screen's dictionary fields.
      const found = await todoPage(deps.db, deps.registry, whoOf(request), deps.today(), filter, page);
      return ok(pageOf(found.records, found.total, page.pageNo, page.pageSize));
    });
  app.get('/sys/todo/list', access(null), list());
  app.get('/sys/workOrder/queryWorkbenchList', access(null), list());
  app.get('/sys/workOrder/workOrderList', access(null), list('workOrder'));
  app.get('/sys/todo/counts', access(null), (request) =>
    guarded(async () => ok(await todoCounts(deps.db, deps.registry, whoOf(request), deps.today()))),
  );
}
