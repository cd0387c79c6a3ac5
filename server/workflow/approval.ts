/**
 * Approvals for any declared form (docs/modules/workflow.md, "Approvals for any declared form"):
 * every declaration with an `approval` block gets a binding that keeps its row in step with the
 * instance, and a module may add effects in the same transaction through hooks (before start: refuse
 * or add condition values; approved: e.g. issue stock; rejected / withdrawn / terminated).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { EntityStore, type Row } from '../entity/store.js';
import { ApiError } from '../result.js';
import { APPROVAL_OPEN, APPROVAL_STATUS, approvalSubject } from '../../runtime/model/declaration/approval.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { ApprovalDecl } from '../../runtime/model/declaration/types.js';
import type { Actor, Binding, InstanceRow, InstanceStatus } from './service.js';

export interface ApprovalHookContext {
  trx: Db;
  model: EntityModel;
  /** The row as the list answers it (dictionary codes, dates as text), read inside the transaction. */
  row: Row;
}

export interface ApprovalHooks {
  /** Before the instance starts: throw an ApiError to refuse; answer values the conditions also read. */
  beforeStart?(ctx: ApprovalHookContext & { actor: Actor }): Promise<Record<string, unknown> | void>;
  /** The process ended approved (the row already reads 已通过). */
  onApproved?(ctx: ApprovalHookContext & { instance: InstanceRow }): Promise<void>;
  /** Rejected, withdrawn or terminated. */
  onClosed?(ctx: ApprovalHookContext & { instance: InstanceRow }): Promise<void>;
}

export interface ApprovalEntry {
  model: EntityModel;
  approval: ApprovalDecl;
  subject: string;
  hooks: ApprovalHooks;
}

const STATUS_CODE: Readonly<Record<InstanceStatus, string>> = {
  running: APPROVAL_STATUS.running,
  approved: APPROVAL_STATUS.approved,
  rejected: APPROVAL_STATUS.rejected,
  withdrawn: APPROVAL_STATUS.withdrawn,
  terminated: APPROVAL_STATUS.terminated,
};

/** Who completed the instance's last task (the approver of an approved instance). */
export async function lastActor(trx: Db, instanceId: string): Promise<string | null> {
  const { rows } = await sql<{ doneBy: string | null }>`select done_by as "doneBy" from wf_task
    where instance_id = ${instanceId} and status = 'done' order by done_time desc limit 1`.execute(trx);
  return rows[0]?.doneBy ?? null;
}

/** The declarations with approvals, by base path and by process key; hooks by entity name. */
export class Approvals {
  private readonly byBase = new Map<string, ApprovalEntry>();
  private readonly byKey = new Map<string, ApprovalEntry>();
  private readonly hooks = new Map<string, ApprovalHooks>();

  constructor(private readonly timeZone: string) {}

  /** A module's effects for one declared entity (call before the first request). */
  on(entity: string, hooks: ApprovalHooks): void {
    this.hooks.set(entity, hooks);
    for (const entry of this.byBase.values()) if (entry.model.name === entity) entry.hooks = hooks;
  }

  load(models: readonly EntityModel[]): void {
    for (const model of models) {
      const approval = model.declaration.approval;
      if (!approval || model.external) continue;
      const taken = this.byKey.get(approval.processKey);
      if (taken && taken.model.name !== model.name)
        throw new Error(
          `Invalid declarations: process "${approval.processKey}" is bound to ${taken.model.name} and ${model.name}`,
        );
      const entry = {
        model,
        approval,
        subject: approvalSubject(model.declaration),
        hooks: this.hooks.get(model.name) ?? {},
      };
      this.byBase.set(model.basePath, entry);
      this.byKey.set(approval.processKey, entry);
    }
  }

  entryOfBase(basePath: string): ApprovalEntry | undefined {
    return this.byBase.get(basePath);
  }

  entries(): ApprovalEntry[] {
    return [...this.byBase.values()];
  }

  /** The row as answered (dictionary codes, dates as text); tenant-limited when the entity is. */
  async readRow(db: Db, entry: ApprovalEntry, id: string, tenantId: number): Promise<Row | undefined> {
    const store = new EntityStore(db, entry.model, this.timeZone);
    return store.findById({ username: 'system', tenantId }, id);
  }

  /** The bindings the workflow's actions call (one per process key). */
  bindings(): Map<string, Binding> {
    return new Map(
      [...this.byKey.entries()].map(([processKey, entry]) => [
        processKey,
        {
          processKey,
          onChange: (trx: Db, instance: InstanceRow, detail?: { returned?: boolean }) =>
            this.onChange(trx, entry, instance, detail?.returned === true),
        },
      ]),
    );
  }

  private async onChange(
    trx: Db,
    entry: ApprovalEntry,
    instance: InstanceRow,
    returned: boolean,
  ): Promise<void> {
    const { model, approval } = entry;
    const column = (field: string) => sql.ref(model.field(field)!.column);
    const sets = [sql`${column(approval.statusField)} = ${STATUS_CODE[instance.status]}`];
    if (approval.currentNodeField)
      sets.push(sql`${column(approval.currentNodeField)} = ${instance.currentNode}`);
    if (approval.instanceField) sets.push(sql`${column(approval.instanceField)} = ${instance.id}`);
    await sql`update ${sql.table(model.table)} set ${sql.join(sets)}, row_version = row_version + 1,
        update_time = now()
      where id = ${instance.businessKey}`.execute(trx);
    const hooks = entry.hooks;
    // A return to the starter reads 已驳回 on the row, but the instance goes on: nothing closes.
    const hook =
      instance.status === 'approved'
        ? hooks.onApproved
        : instance.status === 'running' || returned
          ? undefined
          : hooks.onClosed;
    if (!hook) return;
    const row = await this.readRow(trx, entry, instance.businessKey, instance.tenantId);
    if (!row) throw new ApiError('未找到对应数据');
    await hook({ trx, model, row, instance });
  }
}

/**
 * The caller's own row in a status that may change (草稿 已驳回 已撤回 已终止); refused in Chinese
 * otherwise, with the declaration's noun.
 */
export function checkOpen(entry: ApprovalEntry, row: Row | undefined, username: string, closed: string): Row {
  if (!row) throw new ApiError('未找到对应数据');
  const owner = entry.approval.ownerField;
  if (owner && row[owner] !== username) throw new ApiError(`只能操作本人的${entry.subject}`);
  if (!APPROVAL_OPEN.includes(String(row[entry.approval.statusField] ?? APPROVAL_STATUS.draft)))
    throw new ApiError(closed);
  return row;
}
