/**
 * One registry, two sources (docs/modules/online-forms.md): declarations from files (`schemas/`)
 * and declarations designed in the app (stored in the database). Files win on a name clash; a
 * designed declaration may not take a file's name, must not be external (there is no hand-written
 * code behind it) and is served under DESIGNED_BASE_PATH by the server's runtime dispatcher.
 *
 * Isomorphic and pure: the server feeds it what it loaded; the checks reuse loadDeclarations, so a
 * saved declaration is validated exactly like a file, across every other declaration.
 */
import { loadDeclarations, type DeclarationSource, type LoadedDeclaration } from './validate.js';
import type { DeclarationIssue } from './types.js';

/** Where designed declarations' routes live: `/online/data/<anything>`. */
export const DESIGNED_BASE_PATH = '/online/data/';

/** The `file` of a designed declaration's problems and loaded entry. */
export function designedSource(name: string): string {
  return `database:${name}`;
}

export const RegistryMessages = {
  fileName: (name: string, file: string) => `名称“${name}”已被文件声明 ${file} 使用，设计的表单不能与之同名`,
  basePath: `设计的表单的接口路径必须以 ${DESIGNED_BASE_PATH} 开头，例如 ${DESIGNED_BASE_PATH}myForm`,
  external: '设计的表单由引擎生成接口，不能声明 "routes": "external"',
  notObject: '声明必须是一个 JSON 对象',
  rename: (from: string, to: string) => `名称不能修改（原为“${from}”，现为“${to}”），请另存为新的表单`,
} as const;

export interface MergedRegistry {
  /** Files first, then the designed declarations no file shadows. */
  all: LoadedDeclaration[];
  /** Designed names a file took after they were saved (files win); they are not served. */
  shadowed: string[];
}

/** Merges the two sources: a designed declaration whose name a file has is left out. */
export function mergeRegistry(
  files: readonly LoadedDeclaration[],
  designed: readonly LoadedDeclaration[],
): MergedRegistry {
  const fileNames = new Set(files.map((f) => f.declaration.name));
  const shadowed: string[] = [];
  const kept: LoadedDeclaration[] = [];
  for (const item of designed) {
    if (fileNames.has(item.declaration.name)) shadowed.push(item.declaration.name);
    else kept.push(item);
  }
  return { all: [...files, ...kept], shadowed };
}

function nameOf(json: unknown): string | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const name = (json as Record<string, unknown>).name;
  return typeof name === 'string' ? name : null;
}

/** The rules only a designed declaration has (the language's own checks come from loadDeclarations). */
function designedRules(
  file: string,
  json: Record<string, unknown>,
  files: readonly LoadedDeclaration[],
  previousName: string | null,
): DeclarationIssue[] {
  const issues: DeclarationIssue[] = [];
  const name = typeof json.name === 'string' ? json.name : '';
  if (previousName !== null && name !== previousName)
    issues.push({ file, path: '/name', message: RegistryMessages.rename(previousName, name) });
  const owner = files.find((f) => f.declaration.name === name);
  if (owner) issues.push({ file, path: '/name', message: RegistryMessages.fileName(name, owner.file) });
  if (typeof json.basePath === 'string' && !json.basePath.startsWith(DESIGNED_BASE_PATH))
    issues.push({ file, path: '/basePath', message: RegistryMessages.basePath });
  if (json.routes === 'external') issues.push({ file, path: '/routes', message: RegistryMessages.external });
  return issues;
}

export interface DesignedCheck {
  /** The validated declaration (null when there are issues). */
  value: LoadedDeclaration | null;
  issues: DeclarationIssue[];
}

/**
 * Validates `json` as the designed declaration it would become, next to every file and every other
 * designed declaration (`others`, without the previous version of this one). `previousName` is the
 * stored name when an existing declaration is edited: the name is its key and never changes.
 */
export function checkDesigned(
  json: unknown,
  files: readonly LoadedDeclaration[],
  others: readonly LoadedDeclaration[],
  previousName: string | null = null,
): DesignedCheck {
  const name = nameOf(json) ?? previousName ?? 'new';
  const file = designedSource(name);
  if (!json || typeof json !== 'object' || Array.isArray(json))
    return { value: null, issues: [{ file, path: '/', message: RegistryMessages.notObject }] };
  const own = designedRules(file, json as Record<string, unknown>, files, previousName);
  if (own.length > 0) return { value: null, issues: own };
  const sources: DeclarationSource[] = [
    ...[...files, ...others].map((item) => ({ file: item.file, json: item.declaration })),
    { file, json },
  ];
  const result = loadDeclarations(sources);
  // Only this declaration's problems: the others were valid before and are unchanged.
  const issues = result.issues.filter((issue) => issue.file === file);
  const foreign = result.issues.find((issue) => issue.file !== file);
  if (issues.length === 0 && foreign) issues.push({ ...foreign, file });
  if (issues.length > 0 || !result.value) return { value: null, issues };
  return { value: result.value.find((item) => item.file === file) ?? null, issues: [] };
}
