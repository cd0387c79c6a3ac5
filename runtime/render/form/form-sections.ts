/**
 * The one-to-one sections of a form (ChildSection.tsx) as the save sees them: each section checked in
 * order, the first failing one named (its tab comes to the front), the rest giving the body's part
 * (the section's values under the child's name) and what the parent's cross-field checks see.
 */
import type { CopiedRecord } from '../../model/declaration/copy';
import type { Row } from '../data/adapter';
import type { SectionHandle } from './ChildSection';

export interface FormSection {
  /** The tab's key: the child entity's name. */
  paneKey: string;
  title: string;
  handle: SectionHandle | null;
}

export type SectionsCollected = { failed: string } | { body: Row; values: Row };

export async function collectSections(sections: readonly FormSection[]): Promise<SectionsCollected> {
  const body: Row = {};
  const values: Row = {};
  for (const section of sections) {
    if (!section.handle) continue;
    const got = await section.handle.collect();
    if (got.failed) return { failed: section.paneKey };
    if (got.body) body[section.paneKey] = got.body;
    values[section.paneKey] = got.values;
  }
  return { body, values };
}

/** The stored row of a one-to-one child (queryById answers it as an object or null). */
export function savedSection(record: Row | null, entity: string): Row | null {
  const saved = record?.[entity];
  return saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as Row) : null;
}

/** A copied record's section values, if it had that child. */
export function sectionPrefill(copy: CopiedRecord | undefined, entity: string): Row | undefined {
  const values = copy?.children[entity];
  return values && !Array.isArray(values) ? values : undefined;
}

/** A copied record's rows per one-to-many child, as the tables start with them. */
export function tablePrefill(copy: CopiedRecord | undefined): Record<string, Row[]> | undefined {
  if (!copy) return undefined;
  const out: Record<string, Row[]> = {};
  for (const [entity, rows] of Object.entries(copy.children)) if (Array.isArray(rows)) out[entity] = rows;
  return out;
}
