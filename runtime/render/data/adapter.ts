/**
 * The one data adapter: screens name an entity's base path and an action, never a URL or axios.
 * Every call resolves to the Result envelope; failures the server answers (success false) are
 * values, not exceptions, so a screen can show the server's message.
 */
import type { TransitionModel, ViewModel } from '../../model/declaration/model';
import type { ActionCall } from '../actions/action-call';
import type { DictItem, HttpClient, Result } from '../types';
import { assertListContract, type Page } from './contract';
import { fetchFile, uploadFiles, type FileAnswer, type ImportReport } from './files';

export type Row = Record<string, unknown>;
export type ListParams = Record<string, string | number>;

export interface DataAdapter {
  list(basePath: string, params: ListParams): Promise<Result<Page<Row>>>;
  /** Tree entities: the roots (paged), and the children of one node. */
  rootList(basePath: string, params: ListParams): Promise<Result<Page<Row>>>;
  childList(basePath: string, pid: string): Promise<Result<Row[]>>;
  queryById(basePath: string, id: string): Promise<Result<Row>>;
  add(basePath: string, values: Row): Promise<Result<unknown>>;
  edit(basePath: string, values: Row): Promise<Result<unknown>>;
  remove(basePath: string, id: string): Promise<Result<unknown>>;
  removeBatch(basePath: string, ids: readonly string[]): Promise<Result<unknown>>;
  dictItems(code: string): Promise<DictItem[]>;
  /** The list's query (or `selections`) as an .xlsx. */
  exportXls(basePath: string, params: ListParams): Promise<FileAnswer>;
  /** multipart files[]; code 201 answers an ImportReport naming the error file. */
  importExcel(basePath: string, files: readonly File[]): Promise<Result<ImportReport | null>>;
  /** A file under the API base, e.g. an import's error workbook (`fileUrl`). */
  download(url: string): Promise<FileAnswer>;
  /** A declared state change of one row. */
  transition(basePath: string, transition: TransitionModel, id: string): Promise<Result<unknown>>;
  /** A declared read-only view of one row (GET ?id=); its result holds the arrays the view shows. */
  view(basePath: string, view: ViewModel, id: string): Promise<Result<Row>>;
  /** A declared action's request (see actions/action-call.ts). */
  action(call: ActionCall): Promise<Result<unknown>>;
}

export interface AdapterOptions {
  /** Check list answers against the contract (on in development builds). */
  checkContract?: boolean;
}

export function createDataAdapter(http: HttpClient, options: AdapterOptions = {}): DataAdapter {
  const check = options.checkContract ?? import.meta.env.DEV;
  const page = async (url: string, params: ListParams) => {
    const answer = await http.get<Page<Row>>(url, params);
    if (check && answer.success) assertListContract(url, answer.result);
    return answer;
  };
  return {
    list: (basePath, params) => page(`${basePath}/list`, params),
    rootList: (basePath, params) => page(`${basePath}/rootList`, params),
    childList: (basePath, pid) => http.get<Row[]>(`${basePath}/childList`, { pid }),
    queryById: (basePath, id) => http.get<Row>(`${basePath}/queryById`, { id }),
    add: (basePath, values) => http.post<unknown>(`${basePath}/add`, values),
    edit: (basePath, values) => http.put<unknown>(`${basePath}/edit`, values),
    remove: (basePath, id) => http.delete<unknown>(`${basePath}/delete`, { id }),
    // The contract's clients send the ids with a trailing comma; the server accepts both.
    removeBatch: (basePath, ids) =>
      http.delete<unknown>(`${basePath}/deleteBatch`, { ids: `${ids.join(',')},` }),
    exportXls: (basePath, params) => fetchFile(http, `${basePath}/exportXls`, params),
    importExcel: (basePath, files) => uploadFiles(http, `${basePath}/importExcel`, files),
    download: (url) => fetchFile(http, url),
    transition(basePath, t, id) {
      const url = `${basePath}/${t.path}`;
      // GET and DELETE carry the id in the query (the contract's doReleaseData?id, startUseById?id);
      // PUT and POST in the body.
      if (t.method === 'GET') return http.get<unknown>(url, { id });
      if (t.method === 'DELETE') return http.delete<unknown>(url, { id });
      return t.method === 'POST' ? http.post<unknown>(url, { id }) : http.put<unknown>(url, { id });
    },
    view: (basePath, view, id) => http.get<Row>(`${basePath}/${view.path}`, { id }),
    action({ method, url, payload }) {
      if (method === 'GET') return http.get<unknown>(url, payload);
      if (method === 'DELETE') return http.delete<unknown>(url, payload);
      return method === 'POST' ? http.post<unknown>(url, payload) : http.put<unknown>(url, payload);
    },
    async dictItems(code) {
      const answer = await http.get<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
      return answer.success && Array.isArray(answer.result) ? answer.result : [];
    },
  };
}
