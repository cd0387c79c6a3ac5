/**
 * The head list's headless controller (react-admin's useListController): query values, page, sort
 * and selection in, the list call's parameters, data and the permitted actions out. The view only
 * renders what this returns, so the behaviour is testable without a DOM.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Action } from '../../model/declaration/types';
import type { EntityModel, FieldModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { ListParams, Row } from '../data/adapter';
import { useListData, type PageAction } from '../data/hooks';
import { useLiveReload } from '../data/live-lists';
import { rootListParams } from '../tree/tree-rows';
import { buttonState, fieldHidden, type ButtonState } from '../permissions';
import type { Result } from '../types';
import { superQueryParams, type SuperQuery } from '../query-builder/super-query';
import {
  buildQueryParams,
  queryFields,
  queryFromSearch,
  type QueryValues,
  type SortState,
} from './query-params';

/** The server's "list loaded with a warning" code (spec section 8). */
export const LIST_WARNING_CODE = 510;

export interface ListController {
  model: EntityModel;
  records: Row[];
  total: number;
  loading: boolean;
  /** The server's warning (code 510) or failure message of the last list call, if any. */
  problem: { kind: 'warning' | 'error'; message: string } | null;
  page: { current: number; size: number };
  /** The query a link opened the list with (its address's query fields), for the query form. */
  preset: QueryValues;
  sort: SortState | null;
  selected: string[];
  columns: FieldModel[];
  /** The list call's parameters without paging: what an export of "the current list" sends. */
  queryParams: ListParams;
  /** The advanced query in effect, if any. */
  superQuery: SuperQuery | null;
  applySuperQuery(query: SuperQuery | null): void;
  can(action: Action): ButtonState;
  /** The state of a button guarded by any permission code (declared transitions). */
  permit(code: string): ButtonState;
  search(values: QueryValues): void;
  reset(): void;
  changePage(current: number, size: number): void;
  changeSort(sort: SortState | null): void;
  select(ids: string[]): void;
  refresh(): Promise<unknown>;
  remove(id: string): Promise<Result<unknown>>;
  removeSelected(): Promise<Result<unknown>>;
}

const NO_ROWS: Row[] = [];

/** The columns of the scope the list shows (`scopes.values[].columns`), when it names its own. */
function scopeColumns(model: EntityModel): string[] | undefined {
  const scopes = model.declaration.list?.scopes;
  const value = scopes ? model.fixedParams[scopes.param] : undefined;
  return scopes?.values.find((v) => v.value === value)?.columns;
}

/** Columns of the table: the declared list columns (or every listable field) the user may see. */
export function listColumns(
  model: EntityModel,
  hidden: (field: FieldModel) => boolean = () => false,
): FieldModel[] {
  const names = scopeColumns(model) ?? model.declaration.list?.columns;
  const fields = names
    ? names.map((n) => model.field(n)).filter((f): f is FieldModel => f !== undefined)
    : model.declared.filter((f) => f.list !== false);
  return fields.filter((f) => f.readable && !hidden(f));
}

interface ListState {
  values: QueryValues;
  sort: SortState | null;
  page: { current: number; size: number };
  superQuery: SuperQuery | null;
}

/** The list call's parameters for a state of the query form, paging, sort and advanced query. */
function listParams(model: EntityModel, action: PageAction, state: ListState): ListParams {
  const { values, sort, page, superQuery } = state;
  const built = { ...superQueryParams(superQuery), ...buildQueryParams(model, values, sort, page) };
  return action === 'rootList'
    ? rootListParams(built, [...queryFields(model).map((f) => f.name), 'superQueryParams'])
    : built;
}

/** `rootList` for a tree entity: roots only, or matches at any depth while filtering. */
export function useListController(model: EntityModel, action: PageAction = 'list'): ListController {
  const runtime = useRuntime();
  const { session, data: adapter } = runtime;
  // A link may open the list already filtered (its address names query fields).
  const [preset] = useState<QueryValues>(() =>
    typeof window === 'undefined' ? {} : queryFromSearch(model, window.location.search),
  );
  const [values, setValues] = useState<QueryValues>(preset);
  const [page, setPage] = useState({ current: 1, size: model.pageSizes[0] ?? 10 });
  const [sort, setSort] = useState<SortState | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [superQuery, setSuperQuery] = useState<SuperQuery | null>(null);
  const params = useMemo(
    () => listParams(model, action, { values, sort, page, superQuery }),
    [model, values, sort, page, action, superQuery],
  );
  const { data, error, isLoading, mutate } = useListData(model.basePath, params, action);
  // Rows others changed, a to-do change, or the tab shown again: the list asks the server again.
  const entities = useMemo(
    () => [model.name, ...(model.declaration.children ?? []).map((c) => c.entity)],
    [model],
  );
  useLiveReload(entities, () => void mutate());
  /**
   * 查询 and 重置 always ask the server (issue 33): criteria that leave the call's parameters as they
   * were would otherwise meet the cached answer, and the user would see rows already moved on.
   */
  const requery = (next: ListState) => {
    if (JSON.stringify(listParams(model, action, next)) === JSON.stringify(params)) void mutate();
  };

  const auth = session.auth();
  const allAuth = session.allAuth();
  const columns = useMemo(
    () => listColumns(model, (f) => fieldHidden(f.permission, auth, allAuth)),
    [model, auth, allAuth],
  );
  const can = useCallback(
    (action: Action) => buttonState(model.permissions[action], auth, allAuth),
    [model, auth, allAuth],
  );
  const permit = useCallback((code: string) => buttonState(code, auth, allAuth), [auth, allAuth]);
  const queryParams = useMemo(() => {
    const { pageNo: _pageNo, pageSize: _pageSize, ...rest } = params;
    return rest;
  }, [params]);

  let problem: ListController['problem'] = null;
  if (data && data.code === LIST_WARNING_CODE) problem = { kind: 'warning', message: data.message };
  else if (data && !data.success) problem = { kind: 'error', message: data.message };
  else if (error instanceof Error && !('isAxiosError' in error))
    problem = { kind: 'error', message: error.message };

  const ok = data?.success === true ? data.result : undefined;
  // A stable array: views key effects on it (the tree drops loaded children when the roots change).
  const records = useMemo(() => ok?.records ?? NO_ROWS, [ok]);
  const afterDelete = async (answer: Result<unknown>, removed: string[]) => {
    if (answer.success) {
      setSelected((keys) => keys.filter((k) => !removed.includes(k)));
      await mutate();
    }
    return answer;
  };

  return {
    model,
    records,
    total: ok?.total ?? 0,
    loading: isLoading,
    problem,
    page,
    preset,
    sort,
    selected,
    columns,
    queryParams,
    superQuery,
    applySuperQuery(query) {
      setSuperQuery(query && query.entries.length > 0 ? query : null);
      setPage((p) => ({ ...p, current: 1 }));
    },
    can,
    permit,
    search(next) {
      requery({ values: next, sort, page: { ...page, current: 1 }, superQuery });
      setValues(next);
      setPage((p) => ({ ...p, current: 1 }));
    },
    reset() {
      requery({ values: {}, sort: null, page: { ...page, current: 1 }, superQuery });
      setValues({});
      setSort(null);
      setPage((p) => ({ ...p, current: 1 }));
    },
    changePage: (current, size) => setPage({ current, size }),
    changeSort: setSort,
    select: setSelected,
    refresh: () => mutate(),
    remove: async (id) => afterDelete(await adapter.remove(model.basePath, id), [id]),
    removeSelected: async () => afterDelete(await adapter.removeBatch(model.basePath, selected), selected),
  };
}
