/**
 * Forms saved together with the one being designed (docs/modules/online-forms.md, "Several forms
 * in one save"): a one-to-many child made inline in 子表 (新建子表), or a stored child opened with
 * 一并编辑. CgformEditor holds them and sends them with the parent to `saveSet`; ChildrenEditor and
 * the reference picker read them through the context, so a new child is offered before it exists.
 */
import { createContext, useContext } from 'react';
import { parseDraft, type DeclarationDraft } from './field-edit';

export interface Companion {
  /** Stable while the admin renames the form (the key of the list). */
  key: string;
  /** The declaration's JSON text, as the designer edits it. */
  text: string;
  /** A stored form edited alongside: its head and the row version loaded. */
  id?: string;
  rowVersion?: number;
  /** The text as loaded: an unchanged stored form is not sent. */
  loaded?: string;
}

export interface Companions {
  list: readonly Companion[];
  set(list: readonly Companion[]): void;
}

export const CompanionsContext = createContext<Companions | null>(null);

/** The companions of the designer drawer; null where none can be saved (a version shown read-only). */
export function useCompanions(): Companions | null {
  return useContext(CompanionsContext);
}

export function companionName(c: Companion): string {
  const name = parseDraft(c.text)?.name;
  return typeof name === 'string' ? name : '';
}

export function companionTitle(c: Companion): string {
  const title = parseDraft(c.text)?.title;
  return typeof title === 'string' ? title : companionName(c);
}

function childNames(draft: DeclarationDraft | null): string[] {
  const children = draft?.children;
  return Array.isArray(children)
    ? children.map((c) => (c && typeof c === 'object' ? String((c as { entity?: unknown }).entity) : ''))
    : [];
}

/**
 * The companions a save sends: those the parent names as children (or a sent one names in turn),
 * new or changed. One made inline and then taken out of 子表 again is left behind, never created.
 */
export function companionsToSave(parentText: string, list: readonly Companion[]): Companion[] {
  const wanted = new Set(childNames(parseDraft(parentText)));
  const out: Companion[] = [];
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of list)
      if (!out.includes(c) && wanted.has(companionName(c))) {
        out.push(c);
        for (const n of childNames(parseDraft(c.text))) wanted.add(n);
        grew = true;
      }
  }
  return out.filter((c) => c.id === undefined || c.text !== c.loaded);
}

let serial = 0;
/** A key for a new companion. */
export function companionKey(): string {
  serial += 1;
  return `companion-${serial}`;
}
