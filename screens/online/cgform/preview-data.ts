/**
 * The designer's preview runs the real renderers against rows held in memory (no server call for
 * the entity: it may not exist yet). sampleRows makes a few plausible rows from the fields;
 * previewHttp answers the entity's list / queryById / add / edit / delete from them and passes
 * every other read (dictionaries, pickers) to the real client.
 */
import type { HttpClient, Result } from '../../../runtime/render';
import type { FieldDraft } from './field-edit';

export type Row = Record<string, unknown>;

/** Values that pass the built-in codes a designer picks most. */
const PATTERN_SAMPLES: Record<string, string[]> = {
  m: ['13800000001', '13900000002', '13700000003'],
  mobile: ['13800000001', '13900000002', '13700000003'],
  e: ['li@example.com', 'wang@example.com', 'zhao@example.com'],
  email: ['li@example.com', 'wang@example.com', 'zhao@example.com'],
  p: ['100000', '200000', '310000'],
  postcode: ['100000', '200000', '310000'],
};

function sampleValue(field: FieldDraft, i: number, dictValues: readonly string[] | undefined): unknown {
  if (dictValues && dictValues.length > 0) return dictValues[i % dictValues.length];
  const byPattern = typeof field.pattern === 'string' ? PATTERN_SAMPLES[field.pattern] : undefined;
  if (byPattern) return byPattern[i % byPattern.length];
  const day = String(i + 1).padStart(2, '0');
  switch (field.type) {
    case 'int':
      return i + 1;
    case 'number':
      return (i + 1) * 1.5;
    case 'money':
      return (i + 1) * 100;
    case 'date':
      return `2026-11-${day}`;
    case 'datetime':
      return `2026-11-${day} 09:30:00`;
    case 'time':
      return `${String(9 + i).padStart(2, '0')}:30:00`;
    case 'boolean':
      return i % 2 === 0 ? 'Y' : 'N';
    default:
      return `${field.title}${i + 1}`;
  }
}

/** `count` rows for the fields; a dictionary field takes its items' values in turn. */
export function sampleRows(
  fields: readonly FieldDraft[],
  dictValues: (code: string) => readonly string[] | undefined,
  count = 3,
): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const row: Row = { id: `preview-${i + 1}`, createBy: 'admin', createTime: `2026-11-0${i + 1} 10:00:00` };
    for (const field of fields)
      row[field.name] = sampleValue(
        field,
        i,
        typeof field.dict === 'string' ? dictValues(field.dict) : undefined,
      );
    return row;
  });
}

const answer = <T>(result: T, message = ''): Result<T> => ({ success: true, code: 200, message, result });
const refuse = (message: string): Result<never> =>
  ({ success: false, code: 500, message, result: null }) as unknown as Result<never>;

/** A client over `rows` for the entity at `basePath`; other reads go to `real`, other writes are refused. */
export function previewHttp(basePath: string, rows: Row[], real: HttpClient): HttpClient {
  const own = (url: string) => url.startsWith(`${basePath}/`);
  const action = (url: string) => url.slice(basePath.length + 1);
  const page = () => answer({ records: [...rows], total: rows.length, size: 10, current: 1, pages: 1 });
  let next = rows.length + 1;
  return {
    get<T>(url: string, params?: object, options?: Parameters<HttpClient['get']>[2]) {
      if (!own(url)) return real.get<T>(url, params, options);
      const id = (params as { id?: string } | undefined)?.id;
      const result = ['list', 'rootList'].includes(action(url))
        ? page()
        : action(url) === 'queryById'
          ? answer(rows.find((r) => r.id === id) ?? null)
          : answer([]);
      return Promise.resolve(result as unknown as Result<T>);
    },
    post<T>(url: string, data?: unknown) {
      if (!own(url) || action(url) !== 'add') return Promise.resolve(refuse('预览中不可用'));
      rows.unshift({ ...(data as Row), id: `preview-${next++}`, createBy: 'admin' });
      return Promise.resolve(answer(null, '预览：已添加（未保存到数据库）') as unknown as Result<T>);
    },
    put<T>(url: string, data?: unknown) {
      if (!own(url) || action(url) !== 'edit') return Promise.resolve(refuse('预览中不可用'));
      const row = data as Row;
      const at = rows.findIndex((r) => r.id === row.id);
      if (at >= 0) rows[at] = { ...rows[at], ...row };
      return Promise.resolve(answer(null, '预览：已修改（未保存到数据库）') as unknown as Result<T>);
    },
    delete<T>(url: string, params?: object) {
      if (!own(url)) return Promise.resolve(refuse('预览中不可用'));
      const ids = String(
        (params as { id?: string; ids?: string })?.id ?? (params as { ids?: string })?.ids ?? '',
      );
      for (const id of ids.split(',')) {
        const at = rows.findIndex((r) => r.id === id);
        if (at >= 0) rows.splice(at, 1);
      }
      return Promise.resolve(answer(null, '预览：已删除（未保存到数据库）') as unknown as Result<T>);
    },
  };
}
