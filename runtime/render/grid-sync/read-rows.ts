/**
 * Reads a live grid's changed rows again through the entity's own routes, so the server applies
 * this user's permissions, data scope, row access and field permissions: what comes back is what
 * the user's list would show. One list call (`id=a,b,...`, an `in` filter of the contract's
 * micro-syntax) reads the whole batch. An entity whose list wants a declared scope parameter
 * (`list.scopes`: without it the whole table needs a further grant) or whose routes are written by
 * hand (`external`) is read row by row with queryById instead, which every reader of a row may call.
 */
import type { EntityModel } from '../../model/declaration/model';
import type { DataAdapter, Row } from '../data/adapter';

export async function readRows(
  data: DataAdapter,
  model: EntityModel,
  ids: readonly string[],
): Promise<Row[]> {
  if (!model.external && !model.declaration.list?.scopes) {
    const answer = await data.list(model.basePath, { id: ids.join(','), pageSize: ids.length });
    // A refusal is not "the rows are gone": the caller keeps the rows as they are.
    if (!answer.success) throw new Error(answer.message);
    return answer.result.records;
  }
  const answers = await Promise.all(ids.map((id) => data.queryById(model.basePath, id)));
  return answers.flatMap((answer) => (answer.success && answer.result ? [answer.result] : []));
}
