/**
 * What the designer offers from other declarations: the designed forms (子表, 引用), the file
 * declarations (引用 only: a child must be designed), and a declaration's fields (a child's foreign
 * key, a reference's title field). Forms being made in this save (companions.ts) are offered too,
 * their fields read from their draft rather than from the server.
 */
import { useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../../../runtime/render';
import { declarationNames } from '../../../runtime/render/declarations';
import { companionName, companionTitle, useCompanions } from './companions';
import { parseDraft } from './field-edit';

export interface DeclOption {
  value: string;
  label: string;
  /** The stored head of a designed form (一并编辑 loads it). */
  id?: string;
}

interface HeadRow {
  id: string;
  name: string;
  title: string;
}
interface Served {
  declaration: { fields: { name: string; title: string }[] };
}

/** The designed declarations (name and title) and those made in this save, without `self`. */
export function useDesigned(self: unknown): DeclOption[] {
  const { http } = useRuntime();
  const companions = useCompanions();
  const [stored, setStored] = useState<DeclOption[]>([]);
  useEffect(() => {
    void http
      .get<{ records: HeadRow[] }>('/online/cgform/head/list', { pageNo: 1, pageSize: 200 })
      .then((res) => {
        if (res.success && res.result)
          setStored(
            res.result.records.map((h) => ({ value: h.name, label: `${h.title}（${h.name}）`, id: h.id })),
          );
      });
  }, [http]);
  return useMemo(() => {
    const made = (companions?.list ?? [])
      .filter((c) => c.id === undefined && companionName(c))
      .map((c) => ({
        value: companionName(c),
        label: `${companionTitle(c)}（${companionName(c)}，随本表单保存）`,
      }));
    const names = new Set(made.map((m) => m.value));
    return [...made, ...stored.filter((s) => !names.has(s.value))].filter((o) => o.value !== self);
  }, [companions, stored, self]);
}

/** What a reference may point to: the designed forms, then the file declarations. */
export function useReferenceTargets(self: unknown): DeclOption[] {
  const designed = useDesigned(self);
  return useMemo(() => {
    const names = new Set(designed.map((d) => d.value));
    const files = declarationNames()
      .filter((n) => !names.has(n) && n !== self)
      .sort()
      .map((n) => ({ value: n, label: `${n}（系统表单）` }));
    return [...designed, ...files];
  }, [designed, self]);
}

/** The fields of each named declaration: a companion's from its draft, others fetched once per name. */
export function useFieldsOf(names: readonly string[]): Record<string, DeclOption[]> {
  const { http } = useRuntime();
  const companions = useCompanions();
  const [fetched, setFetched] = useState<Record<string, DeclOption[]>>({});
  const local = useMemo(() => {
    const out: Record<string, DeclOption[]> = {};
    for (const c of companions?.list ?? []) {
      const fields = parseDraft(c.text)?.fields ?? [];
      out[companionName(c)] = fields.map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` }));
    }
    return out;
  }, [companions]);
  const wanted = names.filter((n) => n && !(n in fetched) && !(n in local)).join(',');
  useEffect(() => {
    for (const name of wanted ? wanted.split(',') : [])
      void http.get<Served>(`/online/cgform/api/declaration/${encodeURIComponent(name)}`).then((res) => {
        const list = res.success && res.result ? res.result.declaration.fields : [];
        setFetched((before) => ({
          ...before,
          [name]: list.map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` })),
        }));
      });
  }, [http, wanted]);
  return useMemo(() => ({ ...fetched, ...local }), [fetched, local]);
}
