/**
 * CodeMirror extensions of the JSON view driven by a JSON Schema (the designer passes `schemas/meta`):
 * JSON highlighting, completion of keys (required first, with their description) and of enum /
 * boolean values at the cursor's path, and inline markers for every problem the schema (and an
 * optional extra check, the semantic rules) finds, at the key or item its JSON pointer names.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { json, jsonLanguage } from '@codemirror/lang-json';
import type { Diagnostic } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import {
  keySuggestions,
  validateValue,
  valueSuggestions,
  type JsonSchema,
  type PathProblem,
} from './json-assist';
import { contextAt, positions } from './json-scan';

/** More problems of a value the schema accepts (the server's semantic rules): may answer later. */
export type ExtraCheck = (value: unknown) => PathProblem[] | Promise<PathProblem[]>;

/**
 * Inserts `text` over the typed part and the rest of the token (`end`: an auto-closed quote, the
 * rest of a word), the cursor inside a starter `{}` / `[]` / `""` it ends with. The popup matches
 * only the text before the cursor, so the token's rest is replaced here.
 */
function applyOver(text: string, end: number) {
  return (view: EditorView, _completion: Completion, from: number, to: number): void => {
    const inside = /(\{\}|\[\]|"")$/.test(text) && !/^"[^"]*"$/.test(text) ? 1 : 0;
    view.dispatch({
      changes: { from, to: Math.min(view.state.doc.length, Math.max(to, end)), insert: text },
      selection: { anchor: from + text.length - inside },
      userEvent: 'input.complete',
    });
  };
}

/** Completion at the cursor: keys where a key is being written, allowed values where a value is. */
export function schemaCompletion(schema: JsonSchema) {
  return (context: CompletionContext): CompletionResult | null => {
    const text = context.state.doc.toString();
    const at = contextAt(text, context.pos);
    if (!at) return null;
    if (at.kind === 'key') {
      const options = keySuggestions(schema, at.path, at.present).map((s) => ({
        label: at.quoted ? `"${s.label}` : s.label,
        displayLabel: s.label,
        apply: applyOver(s.apply, at.to),
        detail: s.detail,
        info: s.info,
        type: 'property',
      }));
      if (options.length === 0) return null;
      return { from: at.from, to: context.pos, options, filter: true };
    }
    const options = valueSuggestions(schema, at.path).map((s) => ({
      label: s.label,
      apply: applyOver(s.apply, at.to),
      info: s.info,
      type: 'enum',
    }));
    if (options.length === 0) return null;
    return { from: at.from, to: context.pos, options, filter: true };
  };
}

/** Where the problem at `pointer` is marked: the nearest pointer the text has, not too long a range. */
function rangeOf(map: Map<string, { from: number; to: number }>, pointer: string, length: number) {
  const parts = pointer.split('/');
  for (let n = parts.length; n > 0; n -= 1) {
    const found = map.get(parts.slice(0, n).join('/') || '/');
    if (found) return { from: found.from, to: found.to - found.from > 80 ? found.from + 1 : found.to };
  }
  return { from: 0, to: Math.min(1, length) };
}

/** The schema's (and the extra check's) problems of valid JSON text, as diagnostics. */
export async function schemaDiagnostics(
  schema: JsonSchema,
  text: string,
  extra?: ExtraCheck,
): Promise<Diagnostic[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  let problems = validateValue(schema, schema, value);
  if (problems.length === 0 && extra) problems = await extra(value);
  const map = positions(text);
  return problems.map((p) => ({
    ...rangeOf(map, p.path, text.length),
    severity: 'error' as const,
    message: `${p.path}：${p.message}`,
  }));
}

/** The JSON language with schema completion. */
export function schemaLanguage(schema: JsonSchema): Extension[] {
  return [json(), jsonLanguage.data.of({ autocomplete: schemaCompletion(schema) })];
}
