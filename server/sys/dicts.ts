import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { ApiError, ok, okMessage } from '../result.js';
import { isReferenceDict, resolveReferenceDict } from '../entity/references.js';
import { declaredModelOf } from './declared-models.js';
import { loadAllDictItems, queryDictItems, type DictFilter, type DictModel } from './dict-store.js';
import { callerLimits, type DictCaller } from './table-dict-scope.js';
import { DictMessages, queryTableDict, resolveTableDict } from './table-dicts.js';

/** Row cap of a whole-dictionary read: a table dictionary over a big table must not dump it. */
export const DICT_MAX_ROWS = 1000;
export const LOAD_DICT_DEFAULT_PAGE = 10;
export const LOAD_DICT_MAX_PAGE = 100;
const MAX_KEYWORD = 100;
const MAX_KEYS = 200;

/**
 * Items of a dictionary code: `table,text,code` goes through the allow-list, anything else is a
 * sys_dict code. With a caller, a table dictionary answers only rows of the caller's tenant that
 * their data rules allow (table-dict-scope.ts); without one (the server's own reads) every row.
 */
export async function lookupDict(
  db: Db,
  dictCode: string,
  filter: DictFilter,
  limit: number,
  caller?: DictCaller,
): Promise<DictModel[]> {
  const code = dictCode.trim();
  if (!code) throw new ApiError(DictMessages.empty);
  if (!dictCode.includes(',')) return queryDictItems(db, code, filter, limit);
  // `@entity,text,id`: a reference field's target (server/entity/references.ts).
  const dict = isReferenceDict(code) ? resolveReferenceDict(db, code) : resolveTableDict(dictCode);
  const limits = caller ? await callerLimits(dict, caller) : [];
  return limits === null ? [] : queryTableDict(db, dict, filter, limit, limits);
}

/** One query parameter; a repeated one is refused rather than silently picking a copy. */
function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ApiError(`参数错误：${name}只能有一个值`);
  return value;
}

function splitList(value: string, max: number): string[] {
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (items.length > max) throw new ApiError(`参数错误：最多${max}个值`);
  return items;
}

/** loadDict's keyword: empty lists the first page, commas ask for exact values, else a contains search. */
export function keywordFilter(keyword: string | undefined): DictFilter {
  const kw = (keyword ?? '').trim();
  if (!kw) return { kind: 'all' };
  if (kw.length > MAX_KEYWORD) throw new ApiError('查询关键字过长');
  if (kw.includes(',')) return { kind: 'exact', values: splitList(kw, MAX_KEYS) };
  return { kind: 'like', keyword: kw };
}

export function pageSizeOf(raw: string | undefined): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n < 1) return LOAD_DICT_DEFAULT_PAGE;
  return Math.min(n, LOAD_DICT_MAX_PAGE);
}

function dictCodeParam(request: FastifyRequest): string {
  return (request.params as { dictCode?: string }).dictCode ?? '';
}

export function registerDictRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const authenticated = { config: { access: 'authenticated' as const } };
  // Every signed-in user may look up, role or not (a form's pickers), within their tenant and rules.
  const callerOf = (request: FastifyRequest): DictCaller => ({
    db,
    timeZone: deps.config.timeZone,
    request,
    modelOf: (name) => declaredModelOf(deps, name),
  });

  app.get('/sys/dict/queryAllDictItems', authenticated, async () => ok(await loadAllDictItems(db)));

  // Dictionaries are read from the database on every call; there is no server cache to drop.
  app.get('/sys/dict/refleshCache', authenticated, async () => okMessage('刷新缓存完成！'));

  const getDictItems = async (request: FastifyRequest) =>
    ok(await lookupDict(db, dictCodeParam(request), { kind: 'all' }, DICT_MAX_ROWS, callerOf(request)));

  const loadDict = async (request: FastifyRequest) => {
    const filter = keywordFilter(queryParam(request, 'keyword'));
    const pageSize = pageSizeOf(queryParam(request, 'pageSize'));
    return ok(await lookupDict(db, dictCodeParam(request), filter, pageSize, callerOf(request)));
  };

  const loadDictItem = async (request: FastifyRequest) => {
    const keys = splitList(queryParam(request, 'key') ?? '', MAX_KEYS);
    const keepMissing = queryParam(request, 'delNotExist') === 'false';
    const dictCode = dictCodeParam(request);
    const items = await lookupDict(db, dictCode, { kind: 'keys', values: keys }, MAX_KEYS, callerOf(request));
    const textOf = new Map(items.map((i) => [i.value, i.text]));
    // Texts in the order of the keys asked; an unknown key is dropped unless delNotExist=false.
    const texts = keys.flatMap((k) => {
      const text = textOf.get(k);
      if (text !== undefined) return [text];
      return keepMissing ? [k] : [];
    });
    return ok(texts);
  };

  // The bare paths answer the empty-code message instead of a 404.
  for (const [path, handler] of [
    ['getDictItems', getDictItems],
    ['loadDict', loadDict],
    ['loadDictItem', loadDictItem],
  ] as const) {
    app.get(`/sys/dict/${path}/:dictCode`, authenticated, handler);
    app.get(`/sys/dict/${path}`, authenticated, handler);
  }
}
