/**
 * The equipment demo (docs/modules/office.md, "Equipment"), at the first start after migration 0036
 * marked it: 30 pieces numbered by the asset rule, repairs (one still open), two scrapped, and
 * borrow requests of a dozen people run through the real engine (returned, lent, waiting at the
 * manager or the office, rejected, withdrawn, a draft); rows, tasks and history moved back to their
 * day. Test databases drop the mark.
 */
import { sql } from 'kysely';
import { settleDemoTaskNotices } from '../workflow/notify.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { nextFillValue } from '../sys/fill-rule/generate.js';
import { approveTask, rejectTask, withdrawInstance } from '../workflow/actions.js';
import type { Approvals } from '../workflow/approval.js';
import { startApprovalOf } from '../workflow/approval-routes.js';
import { actorOf, dayText, openTask } from './demo.js';
import {
  DEMO_BORROWS,
  DEMO_EQUIPMENT,
  DEMO_REPAIRS,
  DEMO_SCRAPS,
  type DemoBorrow,
} from './equipment-demo-data.js';

export const EQUIPMENT_DEMO_MARK = 'office-equipment-demo';
const TENANT = 1;
const ago = (days: number) => `${days} days`;

async function seedPieces(db: Db): Promise<string[]> {
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const [name, category, model, location, keeper, boughtAgo, price] of DEMO_EQUIPMENT) {
      const id = newId();
      ids.push(id);
      const assetNo = await nextFillValue(trx, 'office_asset_no', { now: new Date(), record: {} });
      await sql`insert into oa_equipment (id, asset_no, name, category, model, location, keeper, purchase_date,
          price, status, label, tenant_id, create_by, create_time)
        values (${id}, ${assetNo}, ${name}, ${category}, ${model}, ${location}, ${keeper}, ${dayText(boughtAgo)},
          ${price}, '1', ${`${assetNo} ${name}`}, ${TENANT}, 'xuming', now() - ${ago(boughtAgo)}::interval)`.execute(
        trx,
      );
    }
    for (const [piece, fault, vendor, sentAgo, took, cost, result] of DEMO_REPAIRS) {
      const open = took === null;
      await sql`insert into oa_equipment_repair (id, equipment_id, fault, vendor, send_date, finish_date, cost,
          result, handler, status, tenant_id, create_by, create_time)
        values (${newId()}, ${ids[piece]!}, ${fault}, ${vendor}, ${dayText(sentAgo)},
          ${open ? null : dayText(sentAgo - took)}, ${open ? null : cost}, ${open ? null : result}, 'xuming',
          ${open ? '1' : '2'}, ${TENANT}, 'xuming', now() - ${ago(sentAgo)}::interval)`.execute(trx);
      if (open) await sql`update oa_equipment set status = '3' where id = ${ids[piece]!}`.execute(trx);
    }
    for (const [piece, reason, daysAgo] of DEMO_SCRAPS)
      await sql`update oa_equipment set status = '4', scrap_reason = ${reason}, scrap_date = ${dayText(daysAgo)},
          update_time = now() - ${ago(daysAgo)}::interval where id = ${ids[piece]!}`.execute(trx);
  });
  return ids;
}

async function runBorrow(db: Db, approvals: Approvals, ids: string[], b: DemoBorrow, n: number) {
  const entry = approvals.entryOfBase('/office/equipmentBorrow');
  if (!entry) return;
  const actor = await actorOf(db, b.who);
  const id = newId();
  const borrowNo = `JY${dayText(b.daysAgo).replaceAll('-', '')}-${String(n).padStart(3, '0')}`;
  await sql`insert into oa_equipment_borrow (id, borrow_no, equipment_id, borrower, department, purpose, borrow_date,
      expected_return, status, tenant_id, create_by, sys_org_code)
    values (${id}, ${borrowNo}, ${ids[b.piece]!}, ${b.who}, ${actor.orgCode}, ${b.purpose}, ${dayText(b.daysAgo)},
      ${dayText(b.daysAgo - (b.keptDays ?? 7))}, '0', ${TENANT}, ${b.who}, ${actor.orgCode})`.execute(db);
  if (b.outcome !== 'draft') {
    const bindings = approvals.bindings();
    await startApprovalOf({ db, bindings, approvals }, entry, id, actor);
    const { rows } = await sql<{
      procInsId: string;
    }>`select proc_ins_id as "procInsId" from oa_equipment_borrow
      where id = ${id}`.execute(db);
    const instanceId = rows[0]!.procInsId;
    if (b.outcome === 'withdrawn') await withdrawInstance(db, bindings, instanceId, actor);
    else if (b.outcome === 'rejected') {
      const task = await openTask(db, instanceId);
      await rejectTask(db, bindings, task!.id, await actorOf(db, task!.who), b.comment ?? '不同意');
    } else if (b.outcome !== 'atManager') {
      const first = await openTask(db, instanceId);
      await approveTask(db, bindings, first!.id, await actorOf(db, first!.who), '同意');
      if (b.outcome === 'returned' || b.outcome === 'lent') {
        const second = await openTask(db, instanceId);
        await approveTask(db, bindings, second!.id, await actorOf(db, second!.who), '请到行政库房领取');
      }
    }
    const back = ago(b.daysAgo);
    await sql`update wf_instance set create_time = create_time - ${back}::interval,
        end_time = end_time - ${back}::interval where id = ${instanceId}`.execute(db);
    await sql`update wf_task set create_time = create_time - ${back}::interval,
        done_time = done_time - ${back}::interval where instance_id = ${instanceId}`.execute(db);
    await sql`update wf_history set create_time = create_time - ${back}::interval
      where instance_id = ${instanceId}`.execute(db);
  }
  const returned = b.outcome === 'returned' ? ago(b.daysAgo - (b.keptDays ?? 1)) : null;
  await sql`update oa_equipment_borrow set create_time = now() - ${ago(b.daysAgo)}::interval,
      lent_time = lent_time - ${ago(b.daysAgo)}::interval,
      returned_time = case when ${returned}::text is null then null else now() - ${returned}::interval end,
      return_note = case when ${returned}::text is null then null else '外观完好，配件齐全' end
    where id = ${id}`.execute(db);
  if (returned)
    await sql`update oa_equipment set status = '1', borrower = null where id = ${ids[b.piece]!}`.execute(db);
}

/** Takes the mark and seeds once; a request that fails is skipped (the others still run). */
export async function seedEquipmentDemo(db: Db, approvals: Approvals): Promise<void> {
  const taken =
    await sql`delete from sys_seed_pending where name = ${EQUIPMENT_DEMO_MARK} returning name`.execute(db);
  if (taken.rows.length === 0) return;
  const ids = await seedPieces(db);
  for (const [n, borrow] of DEMO_BORROWS.entries()) await runBorrow(db, approvals, ids, borrow, n + 1);
  await settleDemoTaskNotices(db);
}
