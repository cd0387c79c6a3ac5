/**
 * How the served declarations refer to each other: a child's parents (the declarations listing it
 * in `children`, or the one its `belongsTo` names) and any declaration by name (a read rule's `exists`). Row access needs both: a
 * child row is readable only with its parent row, and a rule may look at another entity's rows.
 * Kept per model object, so every store and module holding a served model finds its graph.
 */
import type { EntityModel } from '../../runtime/model/declaration/model.js';

export interface ParentLink {
  model: EntityModel;
  /** The child's field holding the parent's id. */
  foreignKey: string;
  /**
   * 'child': a row of the parent's form, changed with the parent (its own routes need the parent
   * editable); 'belongs': a record of its own about the parent row (a sub-order), which needs the
   * parent readable.
   */
  kind: 'child' | 'belongs';
}

export class EntityGraph {
  private readonly byName: ReadonlyMap<string, EntityModel>;
  private readonly parents = new Map<string, ParentLink[]>();

  constructor(models: readonly EntityModel[]) {
    this.byName = new Map(models.map((m) => [m.name, m]));
    const link = (child: string, parent: EntityModel, foreignKey: string, kind: ParentLink['kind']) =>
      this.parents.set(child, [...(this.parents.get(child) ?? []), { model: parent, foreignKey, kind }]);
    for (const parent of models)
      for (const child of parent.declaration.children ?? [])
        link(child.entity, parent, child.foreignKey, 'child');
    // A record that belongs to another's row without being in its form (a sub-order) reads like a child.
    for (const model of models) {
      const owner = model.declaration.belongsTo;
      const parent = owner ? this.byName.get(owner.entity) : undefined;
      if (owner && parent) link(model.name, parent, owner.foreignKey, 'belongs');
    }
  }

  modelOf(name: string): EntityModel | undefined {
    return this.byName.get(name);
  }

  parentsOf(name: string): readonly ParentLink[] {
    return this.parents.get(name) ?? [];
  }
}

const graphs = new WeakMap<EntityModel, EntityGraph>();
const EMPTY = new EntityGraph([]);

/** Links a served set of models (the files', or the files' and the designed ones). */
export function linkModels(models: readonly EntityModel[]): EntityGraph {
  const graph = new EntityGraph(models);
  for (const model of models) graphs.set(model, graph);
  return graph;
}

export function graphOf(model: EntityModel): EntityGraph {
  return graphs.get(model) ?? EMPTY;
}

/**
 * The read permission of a child that names none itself: its parent's (children are read through
 * their parent, so whoever may read the parent may read its rows).
 */
export function readPermissionOf(model: EntityModel, depth = 0): string | null {
  if (model.declaration.permissions?.list || model.declaration.access === 'signed-in')
    return model.permissions.list;
  const parent = graphOf(model).parentsOf(model.name)[0];
  return parent && depth < 4 ? readPermissionOf(parent.model, depth + 1) : model.permissions.list;
}
