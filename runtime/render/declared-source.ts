/**
 * Declarations the bundle does not have come from the server (docs/modules/online-forms.md): the
 * screens admins design in the app. File declarations stay bundled (no request at screen open);
 * a designed one is fetched on every open of its screen, so a reload shows its newest version
 * (the server answers from a per-version cache). Like bundled files, the answer is only migrated
 * and normalised here: the server validated it on save.
 */
import { migrateDeclaration } from '../model/declaration/migrations';
import { buildEntityModel, type EntityModel } from '../model/declaration/model';
import type { Declaration } from '../model/declaration/types';
import type { HttpClient } from './types';

export const DECLARATION_URL = '/online/cgform/api/declaration/';

interface ServedDeclaration {
  name: string;
  version: string;
  source: 'file' | 'database';
  declaration: unknown;
}

/** The model of the declaration named `name` as the server has it now; rejects with its message. */
export async function fetchEntityModel(http: HttpClient, name: string): Promise<EntityModel> {
  const answer = await http.get<ServedDeclaration>(`${DECLARATION_URL}${encodeURIComponent(name)}`);
  if (!answer.success || !answer.result) throw new Error(answer.message || `no declaration named "${name}"`);
  const migrated = migrateDeclaration(answer.result.declaration);
  if (!migrated.doc) throw new Error(`${name}: ${migrated.problems.map((p) => p.message).join('; ')}`);
  return buildEntityModel(migrated.doc as unknown as Declaration);
}
