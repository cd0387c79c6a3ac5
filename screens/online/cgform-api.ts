/** The designer's calls and answers (docs/modules/online-forms.md), shared by its panels. */
import type { HttpClient, Result } from '../../runtime/render';

export interface CgformHead {
  id: string;
  name: string;
  title: string;
  currentVersion: number;
  rowVersion: number;
  declaration: string;
}

/** What a refused save carries: the declaration's problems by JSON path, or why the table cannot change. */
export interface SaveDetail {
  issues?: { path: string; message: string }[];
  reasons?: string[];
  /** What this version can change instead (with reasons). */
  hint?: string;
  /** Named migrations that would perform the refused change when confirmed (all refusals have one). */
  migrations?: Migration[];
}

/** A confirmed-migration offer: `drop:visits`, `rename:visits>visit_count`, `retype:visits`, `narrow:visitor`. */
export interface Migration {
  name: string;
  title: string;
  /** Not needed for the save (e.g. dropping a renamed field's old column). */
  optional?: boolean;
}

export const BASE = '/online/cgform/head';

/** A new declaration to start from: every key the server requires, one field. */
export const STARTER = JSON.stringify(
  {
    schemaVersion: 3,
    name: 'myForm',
    title: '我的表单',
    table: 'onl_my_form',
    basePath: '/online/data/myForm',
    kind: 'list',
    permissionPrefix: 'myForm',
    fields: [
      {
        name: 'title',
        title: '标题',
        type: 'string',
        length: 100,
        required: true,
        query: { mode: 'single', rule: 'like' },
      },
    ],
  },
  null,
  2,
);

export async function loadHead(http: HttpClient, id: string): Promise<CgformHead> {
  const res = await http.get<CgformHead>(`${BASE}/queryById`, { id });
  if (!res.success || !res.result) throw new Error(res.message);
  return res.result;
}

/** One form of a save of several (`POST saveSet`): a stored one with the row version loaded, or a new one. */
export interface SetItem {
  id?: string;
  rowVersion?: number;
  declaration: string;
}

/**
 * The problems of a refused save of several forms as the designer lists them: the first form's
 * (the one in the drawer) at their own paths, another's prefixed with its label.
 */
export function setDetail(detail: SaveDetail | null, labels: readonly string[]): SaveDetail | null {
  if (!detail?.issues) return detail;
  const issues = detail.issues.map((issue) => {
    const match = /^\/items\/(\d+)\/declaration(.*)$/.exec(issue.path);
    if (!match) return issue;
    const k = Number(match[1]);
    const path = match[2] || '/';
    return { ...issue, path: k === 0 ? path : `子表 ${labels[k] ?? `#${k}`} ${path}` };
  });
  return { ...detail, issues };
}

/** The detail of a refused save (the server puts it in `result`), or null. */
export function detailOf(res: Result<unknown>): SaveDetail | null {
  if (res.success || !res.result || typeof res.result !== 'object') return null;
  return res.result as SaveDetail;
}
