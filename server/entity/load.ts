import fs from 'node:fs';
import path from 'node:path';
import { formatIssue, type DeclarationIssue } from '../../runtime/model/declaration/types.js';
import {
  loadDeclarations,
  type DeclarationSource,
  type LoadedDeclaration,
} from '../../runtime/model/declaration/validate.js';
import { resolveTableDict } from '../sys/table-dicts.js';
import { StartRefused } from '../start-refused.js';
import { jsonErrorPlace } from './json-error.js';

/** The server refuses to start on an invalid declaration; the message lists every problem. */
export class DeclarationLoadError extends StartRefused {
  constructor(public readonly issues: DeclarationIssue[]) {
    super(`Invalid declarations:\n${issues.map((i) => `  ${formatIssue(i)}`).join('\n')}`);
  }
}

/**
 * Directories read for declarations: SCHEMAS_DIR (several joined by the path delimiter) or
 * ./schemas. The meta-schema directory is never read as a declaration.
 */
export function declarationDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.SCHEMAS_DIR?.split(path.delimiter).filter(Boolean);
  return (configured?.length ? configured : ['schemas']).map((d) => path.resolve(d));
}

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'meta' ? [] : jsonFiles(full);
      return entry.name.endsWith('.json') ? [full] : [];
    });
}

function readSource(file: string): DeclarationSource | DeclarationIssue {
  const shown = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { file: shown, path: '/', message: `cannot be read (${(error as Error).message})` };
  }
  try {
    return { file: shown, json: JSON.parse(text) };
  } catch (error) {
    // Line and column, where an editor takes the reader (V8 gives a character offset, or nothing).
    const { line, column, reason } = jsonErrorPlace(text, error as Error);
    const at = line === undefined ? '' : ` at line ${line}, column ${column}`;
    return { file: shown, path: '/', message: `not valid JSON${at}: ${reason}` };
  }
}

/** Server-only checks: a table dictionary must be on the server's allow-list. */
export function serverIssues(loaded: readonly LoadedDeclaration[]): DeclarationIssue[] {
  const issues: DeclarationIssue[] = [];
  for (const item of loaded) {
    item.declaration.fields.forEach((field, i) => {
      if (!field.dict?.includes(',')) return;
      try {
        resolveTableDict(field.dict);
      } catch {
        issues.push({
          file: item.file,
          path: `/fields/${i}/dict`,
          message: `table dictionary "${field.dict}" is not allow-listed`,
        });
      }
    });
  }
  return issues;
}

/** Reads and validates every declaration; throws DeclarationLoadError naming each problem. */
export function loadDeclarationFiles(dirs: readonly string[] = declarationDirs()): LoadedDeclaration[] {
  const sources: DeclarationSource[] = [];
  const issues: DeclarationIssue[] = [];
  for (const file of dirs.flatMap(jsonFiles)) {
    const source = readSource(file);
    if ('json' in source) sources.push(source);
    else issues.push(source);
  }
  const result = loadDeclarations(sources);
  issues.push(...result.issues);
  if (result.value) issues.push(...serverIssues(result.value));
  if (issues.length > 0 || !result.value) throw new DeclarationLoadError(issues);
  return result.value;
}
