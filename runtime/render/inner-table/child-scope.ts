/**
 * Pure parts of the inner-table screen: which declaration file holds a child entity, and a data
 * adapter scoped to one parent row. Scoping the adapter (rather than teaching the head list's
 * controller about fixed filters) lets the child list reuse useListController, RowActions and
 * FormModal unchanged: every list call of the child carries the foreign key, and every new child
 * row is sent with it, although the key is neither a query item nor a form field of the child.
 */
import { buildEntityModel, type EntityModel } from '../../model/declaration/model';
import type { DataAdapter } from '../data/adapter';

/** A child as the screen shows it: the declared relation plus the parent row it belongs to. */
export interface ChildScope {
  /** The child entity's base path, e.g. `/sys/dictItem`. */
  basePath: string;
  /** The child's field holding the parent's id, e.g. `dictId`. */
  foreignKey: string;
  parentId: string;
}

/**
 * Declarations are files named in kebab case after the entity (`dictItem` -> `dict-item.json`);
 * the caller checks the loaded model's name, so a file that breaks the convention is reported.
 */
export function declarationFileOf(entity: string): string {
  return entity.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^-/, '');
}

/**
 * The adapter the child list sees: list calls filtered by the foreign key (an exact match in the
 * contract's micro-syntax, so the parent's id goes as it is), additions carrying it. Other calls
 * (queryById, edit, delete) name a child row by its own id and pass through unchanged.
 */
export function scopedAdapter(data: DataAdapter, scope: ChildScope): DataAdapter {
  const mine = (basePath: string) => basePath === scope.basePath;
  return {
    ...data,
    list: (basePath, params) =>
      data.list(basePath, mine(basePath) ? { ...params, [scope.foreignKey]: scope.parentId } : params),
    exportXls: (basePath, params) =>
      data.exportXls(basePath, mine(basePath) ? { ...params, [scope.foreignKey]: scope.parentId } : params),
    add: (basePath, values) =>
      data.add(basePath, mine(basePath) ? { ...values, [scope.foreignKey]: scope.parentId } : values),
  };
}

const scopedModels = new WeakMap<EntityModel, Map<string, EntityModel>>();

/**
 * The child's model as its list under one parent shows it: the foreign key is the parent's, so it
 * is no column, no query item, no form or detail field there (the form grid and the detail's
 * sections leave it out the same way). A screen listing the child on its own (项目任务, the tasks of
 * every plan) shows and picks it as declared.
 */
export function parentScopedModel(model: EntityModel, foreignKey: string): EntityModel {
  const field = model.field(foreignKey);
  if (!field || (field.list === false && field.form === false && field.detail === false && !field.query))
    return model;
  let byKey = scopedModels.get(model);
  if (!byKey) scopedModels.set(model, (byKey = new Map()));
  const known = byKey.get(foreignKey);
  if (known) return known;
  const decl = model.declaration;
  const built = buildEntityModel({
    ...decl,
    fields: decl.fields.map((f) =>
      f.name === foreignKey ? { ...f, list: false, form: false, detail: false, query: undefined } : f,
    ),
    list: decl.list && {
      ...decl.list,
      ...(decl.list.columns && { columns: decl.list.columns.filter((c) => c !== foreignKey) }),
    },
  });
  byKey.set(foreignKey, built);
  return built;
}
