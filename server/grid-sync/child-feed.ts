/**
 * What a parent's add / edit saved in its one-to-many children, as row changes of each child's
 * table: the grid payload under each child's name (docs/modules/one-to-many.md) says which rows were
 * added, edited and deleted. The save is one transaction that refuses a row not of this parent, so a
 * successful answer means every named row changed. As for the parent: ids and field names only.
 */
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { manyChildren } from '../../runtime/model/declaration/record-checks.js';
import { ID_PATTERN, type TableAction } from '../../runtime/model/grid-sync/protocol.js';

type Obj = Record<string, unknown>;

export interface ChildChange {
  model: EntityModel;
  action: TableAction;
  ids: string[];
  fields: string[];
}

const ids = (rows: unknown[]): string[] =>
  rows.filter((id): id is string => typeof id === 'string' && ID_PATTERN.test(id));

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};

export function childChanges(
  parent: EntityModel,
  models: ReadonlyMap<string, EntityModel>,
  body: Obj,
  audit: (model: EntityModel) => string[],
): ChildChange[] {
  const out: ChildChange[] = [];
  for (const child of manyChildren(parent)) {
    const model = models.get(child.entity);
    const payload = obj(body[child.entity]);
    if (!model) continue;
    const edited = list(payload.edited).map(obj);
    const editedIds = ids(edited.map((row) => row.id));
    if (editedIds.length > 0) {
      const sent = new Set<string>();
      for (const row of edited)
        for (const name of Object.keys(row)) if (name !== 'id' && model.field(name)?.writable) sent.add(name);
      out.push({ model, action: 'edit', ids: editedIds, fields: [...sent, ...audit(model)] });
    }
    const deleted = ids(list(payload.deletedIds));
    if (deleted.length > 0) out.push({ model, action: 'delete', ids: deleted, fields: [] });
    // New rows have no id in the request: a grid showing the table reloads.
    if (list(payload.added).length > 0) out.push({ model, action: 'add', ids: [], fields: [] });
  }
  return out;
}
