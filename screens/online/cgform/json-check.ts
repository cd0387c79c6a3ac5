/**
 * What the designer's JSON view checks while typing: the meta-schema (`schemas/meta`, interpreted by
 * json-assist.ts in the browser) and, once the shape is right, the same rules the server runs on save
 * (migrations, semantic rules: declared field names, sortable default sort, tree and transition
 * fields, ...), asked of the server (`POST /online/cgform/head/check`) so the rules' code stays out of
 * the browser bundle the list screens share. Checks across declarations stay with the save.
 */
import metaSchema from '../../../schemas/meta/declaration.schema.json';
import type { HttpClient } from '../../../runtime/render';
import { BASE } from '../cgform-api';
import type { JsonSchema, PathProblem } from '../json-assist';

export const META_SCHEMA = metaSchema as JsonSchema;

/** The server's problems of a declaration the meta-schema accepts; none while it cannot answer. */
export function serverProblems(http: HttpClient): (value: unknown) => Promise<PathProblem[]> {
  return async (value) => {
    try {
      const res = await http.post<PathProblem[]>(`${BASE}/check`, { declaration: value });
      return res.success && Array.isArray(res.result) ? res.result : [];
    } catch {
      // Offline or refused: the save will say what is wrong.
      return [];
    }
  };
}
