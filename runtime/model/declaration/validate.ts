/**
 * Loads a declaration: migrate to the current schemaVersion, validate against the meta-schema
 * (ajv), then the semantic checks, then the checks across declarations (names, tables, paths,
 * children). Every problem names the file, the JSON pointer and the rule, e.g.
 * "schemas/system/customer.json: /fields/2/pattern: must be a built-in format code or ...".
 *
 * Isomorphic: callers read the files (fs on the server, a bundle or the API in the browser).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import metaSchema from '../../../schemas/meta/declaration.schema.json';
import { migrateDeclaration } from './migrations.js';
import { parseRowRule, type RowRuleFields } from './row-rule.js';
import { buildEntityModel, DEFAULT_REFERENCE_TEXT, type EntityModel } from './model.js';
import { checkSemantics } from './semantics.js';
import type { Declaration, DeclarationIssue } from './types.js';

let metaValidator: ValidateFunction | null = null;

function validator(): ValidateFunction {
  if (!metaValidator) {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    metaValidator = ajv.compile(metaSchema);
  }
  return metaValidator;
}

/** ajv's message with the detail its params carry (which property, which values). */
function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `must NOT have the property "${String(params.additionalProperty)}"`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'required':
      return `must have the property "${String(params.missingProperty)}"`;
    default:
      return error.message ?? error.keyword;
  }
}

export interface DeclarationSource {
  /** Where it came from: a path relative to the project, or 'database:<name>'. */
  file: string;
  json: unknown;
}

export interface LoadedDeclaration {
  file: string;
  declaration: Declaration;
  model: EntityModel;
  /** The version the file was written in (before migration). */
  writtenVersion: number;
}

export interface LoadResult<T> {
  value: T | null;
  issues: DeclarationIssue[];
}

/** Validates one declaration on its own. */
export function loadDeclaration(source: DeclarationSource): LoadResult<LoadedDeclaration> {
  const { file } = source;
  const migrated = migrateDeclaration(source.json);
  if (!migrated.doc) return { value: null, issues: migrated.problems.map((p) => ({ file, ...p })) };
  const validate = validator();
  if (!validate(migrated.doc)) {
    const issues = (validate.errors ?? []).map((e) => ({
      file,
      path: e.instancePath || '/',
      message: describe(e),
    }));
    return { value: null, issues };
  }
  const declaration = migrated.doc as unknown as Declaration;
  const problems = checkSemantics(declaration);
  if (problems.length > 0) return { value: null, issues: problems.map((p) => ({ file, ...p })) };
  return {
    value: { file, declaration, model: buildEntityModel(declaration), writtenVersion: migrated.from ?? 1 },
    issues: [],
  };
}

/** Validates a set of declarations, including what they say about each other. */
export function loadDeclarations(sources: readonly DeclarationSource[]): LoadResult<LoadedDeclaration[]> {
  const issues: DeclarationIssue[] = [];
  const loaded: LoadedDeclaration[] = [];
  for (const source of sources) {
    const result = loadDeclaration(source);
    issues.push(...result.issues);
    if (result.value) loaded.push(result.value);
  }
  const seen = {
    name: new Map<string, LoadedDeclaration>(),
    table: new Map<string, LoadedDeclaration>(),
    basePath: new Map<string, LoadedDeclaration>(),
  };
  for (const item of loaded) {
    for (const key of ['name', 'table', 'basePath'] as const) {
      const value = item.declaration[key];
      const other = seen[key].get(value);
      // Two views of one hand-written table (登录日志 and 操作日志 over sys_log, told apart by a fixed
      // parameter) may share it: the engine makes neither the table nor the routes of an external one.
      const sharedExternal = key !== 'name' && other?.model.external && item.model.external;
      if (other && !sharedExternal)
        issues.push({
          file: item.file,
          path: `/${key}`,
          message: `"${value}" is already used by ${other.file}`,
        });
      else if (!other) seen[key].set(value, item);
    }
  }
  const byName = new Map(loaded.map((item) => [item.declaration.name, item]));
  for (const item of loaded) {
    item.declaration.children?.forEach((child, i) => {
      const target = byName.get(child.entity);
      if (!target) {
        issues.push({
          file: item.file,
          path: `/children/${i}/entity`,
          message: `no declaration named "${child.entity}"`,
        });
      } else if (target.model.external) {
        // The engine would read and delete the child's rows in a table it does not make.
        issues.push({
          file: item.file,
          path: `/children/${i}/entity`,
          message: `"${child.entity}" has "routes": "external"; a child must have generated routes`,
        });
      } else if (!target.model.field(child.foreignKey) || target.model.field(child.foreignKey)?.system) {
        issues.push({
          file: item.file,
          path: `/children/${i}/foreignKey`,
          message: `"${child.foreignKey}" is not a field of ${child.entity}`,
        });
      }
    });
  }
  issues.push(...rowAccessAcross(loaded, byName));
  for (const item of loaded) {
    const link = item.declaration.belongsTo;
    if (!link) continue;
    const target = byName.get(link.entity);
    if (!target || target.model.external)
      issues.push({
        file: item.file,
        path: '/belongsTo/entity',
        message: `no generated declaration named "${link.entity}"`,
      });
    const fk = item.model.field(link.foreignKey);
    if (!fk || fk.system)
      issues.push({
        file: item.file,
        path: '/belongsTo/foreignKey',
        message: `"${link.foreignKey}" is not a declared field`,
      });
  }
  issues.push(...referencesAcross(loaded, byName));
  // A unique-within-parent field needs a parent: some declaration must list the entity as its child.
  const children = new Set(loaded.flatMap((item) => (item.declaration.children ?? []).map((c) => c.entity)));
  for (const item of loaded) {
    item.declaration.fields.forEach((field, i) => {
      if (field.uniqueInParent === true && !children.has(item.declaration.name))
        issues.push({
          file: item.file,
          path: `/fields/${i}/uniqueInParent`,
          message: `no declaration lists "${item.declaration.name}" as a child`,
        });
    });
  }
  return { value: issues.length === 0 ? loaded : null, issues };
}

/** A reference names a generated declaration and a readable field of it as the title. */
function referencesAcross(
  loaded: readonly LoadedDeclaration[],
  byName: ReadonlyMap<string, LoadedDeclaration>,
): DeclarationIssue[] {
  const issues: DeclarationIssue[] = [];
  for (const item of loaded)
    item.declaration.fields.forEach((field, i) => {
      const ref = field.reference;
      if (!ref) return;
      const at = `/fields/${i}/reference`;
      const target = byName.get(ref.entity);
      if (!target || target.model.external) {
        issues.push({
          file: item.file,
          path: `${at}/entity`,
          message: `no generated declaration named "${ref.entity}"`,
        });
        return;
      }
      const text = target.model.field(ref.text ?? DEFAULT_REFERENCE_TEXT);
      if (!text || text.system || !text.readable)
        issues.push({
          file: item.file,
          path: `${at}/text`,
          message: `"${ref.text ?? DEFAULT_REFERENCE_TEXT}" is not a declared field of ${ref.entity}${ref.text ? '' : ' (name the title field with "text")'}`,
        });
    });
  return issues;
}

/** An `exists` of a read rule names a generated declaration and one of its fields. */
function rowAccessAcross(
  loaded: readonly LoadedDeclaration[],
  byName: ReadonlyMap<string, LoadedDeclaration>,
): DeclarationIssue[] {
  const fieldsOf = (item: LoadedDeclaration): RowRuleFields => ({
    has: (n) => item.model.field(n) !== undefined,
  });
  const issues: DeclarationIssue[] = [];
  for (const item of loaded) {
    const read = item.declaration.rowAccess?.read;
    if (read === undefined) continue;
    const fields: RowRuleFields = {
      ...fieldsOf(item),
      of: (entity) => {
        const target = byName.get(entity);
        return target && !target.model.external ? fieldsOf(target) : undefined;
      },
    };
    try {
      parseRowRule(read, fields, true);
    } catch (error) {
      issues.push({ file: item.file, path: '/rowAccess/read', message: (error as Error).message });
    }
  }
  return issues;
}
