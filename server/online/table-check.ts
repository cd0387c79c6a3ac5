/**
 * The table rule (server/entity/table-rule.ts) as the designer answers it: in Chinese, at the JSON
 * path of the declaration that the admin changes (/table or /adoptTable; a column's field for a
 * statement the database refused). The check route and a bundle's dry run ask before saving; the
 * save asks again inside its transaction, under the DDL lock, which is the answer that counts.
 */
import type { Db } from '../db/database.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { subjectOf, tableRefusal, type DdlStep, type TableRefusal } from '../entity/table-rule.js';
import { SyncMessages, TableMessages } from './messages.js';
import { SyncRefused } from './sync-plan.js';

function stepText(step: DdlStep): string {
  switch (step.op) {
    case 'create':
      return TableMessages.create;
    case 'alter':
      return TableMessages.alter;
    case 'column':
      return TableMessages.column(step.name);
    case 'index':
      return TableMessages.index(step.name);
  }
}

export function tableMessage(refusal: TableRefusal): string {
  switch (refusal.kind) {
    case 'platform':
      return refusal.path === '/adoptTable'
        ? TableMessages.platformAdopt(refusal.table)
        : TableMessages.platformUse(refusal.table);
    case 'owned':
    case 'exists':
      return SyncMessages.tableTaken(refusal.table);
    case 'notListed':
      return TableMessages.notListed(refusal.table);
    case 'idType':
      return TableMessages.idType(refusal.table, refusal.type);
    case 'database':
      return TableMessages.refused(refusal.table, stepText(refusal.step), refusal.reason);
  }
}

/** A save refused because of its table: one reason, at a JSON path (save.ts answers it as an issue). */
export class TableRefused extends SyncRefused {
  constructor(readonly refusal: TableRefusal) {
    super([tableMessage(refusal)]);
  }
}

/** What the rule says of a designed declaration's table now; empty when it may use it. */
export async function tableIssues(
  db: Db,
  item: LoadedDeclaration,
  adoptable: ReadonlySet<string>,
): Promise<{ path: string; message: string }[]> {
  // Whatever `file` the caller gave it, a declaration from the designer or a bundle is a designed one.
  const refusal = await tableRefusal(db, { ...subjectOf(item), file: false }, adoptable);
  return refusal ? [{ path: refusal.path, message: tableMessage(refusal) }] : [];
}
