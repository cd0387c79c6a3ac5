/**
 * Dictionary texts for rows that came without them. Generated routes answer `<field>_dictText`
 * themselves; hand-written ones (an "external" declaration such as 通知公告) may not, and a user
 * must still read 中 rather than M, 管理员 rather than admin. The missing texts are looked up once
 * per page of rows: a code dictionary from the login's cache (or getDictItems), a table dictionary
 * (who created a row: `sys_user,realname,username`) with loadDictItem for just the values shown.
 * Lists and details use the same hook, so a value reads the same in both.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import type { FieldModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { Runtime } from '../registry';
import type { Row } from './adapter';

type Texts = Record<string, Record<string, string>>;

const textKey = (name: string) => `${name}_dictText`;

function valuesOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** For each dictionary field some row lacks a text for: the values to translate. */
export function missingTexts(fields: readonly FieldModel[], rows: readonly Row[]): Map<FieldModel, string[]> {
  const out = new Map<FieldModel, string[]>();
  for (const field of fields) {
    if (!field.dict) continue;
    const values = new Set<string>();
    for (const row of rows) if (row[textKey(field.name)] === undefined) valuesOf(row[field.name]).forEach((v) => values.add(v));
    if (values.size > 0) out.set(field, [...values].sort());
  }
  return out;
}

/** Rows with `<field>_dictText` added where it was missing (values without a text stay as they are). */
export function withTexts(fields: readonly FieldModel[], rows: readonly Row[], texts: Texts): Row[] {
  return rows.map((row) => {
    let out: Row | null = null;
    for (const field of fields) {
      const known = texts[field.name];
      if (!known || row[textKey(field.name)] !== undefined) continue;
      const values = valuesOf(row[field.name]);
      if (values.length === 0) continue;
      out ??= { ...row };
      out[textKey(field.name)] = values.map((v) => known[v] ?? v).join(',');
    }
    return out ?? row;
  });
}

async function lookUp(runtime: Runtime, wanted: Map<FieldModel, string[]>): Promise<Texts> {
  const texts: Texts = {};
  for (const [field, values] of wanted) {
    const dict = field.dict!;
    const known: Record<string, string> = {};
    if (dict.includes(',')) {
      // loadDictItem answers the texts in the order of the keys; delNotExist=false keeps unknown keys.
      const answer = await runtime.http.get<string[]>(`/sys/dict/loadDictItem/${encodeURIComponent(dict)}`, {
        key: values.join(','),
        delNotExist: 'false',
      });
      if (answer.success && Array.isArray(answer.result))
        values.forEach((v, i) => (known[v] = String(answer.result[i] ?? v)));
    } else {
      const items = runtime.session.cachedDict(dict) ?? (await runtime.data.dictItems(dict));
      for (const item of items) known[String(item.value)] = item.text;
    }
    texts[field.name] = known;
  }
  return texts;
}

export function useDictTexts(fields: readonly FieldModel[], rows: readonly Row[]): readonly Row[] {
  const runtime = useRuntime();
  const wanted = useMemo(() => missingTexts(fields, rows), [fields, rows]);
  const key =
    wanted.size > 0 ? ['dictTexts', ...[...wanted].map(([f, v]) => `${f.name}:${f.dict}:${v.join(',')}`)] : null;
  const { data } = useSWR(key, () => lookUp(runtime, wanted), { revalidateOnFocus: false });
  return useMemo(() => (data ? withTexts(fields, rows, data) : rows), [data, fields, rows]);
}
