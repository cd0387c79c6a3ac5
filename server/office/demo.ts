/**
 * The office supplies demo (docs/modules/office.md, "Demo"), at the first start of a new database:
 * the catalogue, four months of confirmed stock-ins and requests of a dozen people run through the
 * real engine (issued, waiting at the manager or the office, rejected, withdrawn, a draft); rows,
 * ledger and history moved back to their day. Test databases drop the mark.
 */
import { sql } from 'kysely';
import { settleDemoTaskNotices } from '../workflow/notify.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { approveTask, rejectTask, withdrawInstance } from '../workflow/actions.js';
import type { Approvals } from '../workflow/approval.js';
import { startApprovalOf } from '../workflow/approval-routes.js';
import type { Actor } from '../workflow/service.js';
import { DEMO_ITEMS, DEMO_REQUESTS, type DemoRequest } from './demo-data.js';
import { moveStock } from './stock.js';

export const OFFICE_DEMO_MARK = 'office-supplies-demo';
// The tenant staff sign in to (the workflow demo's too): rows of tenant 0 would be in no one's lists.
const TENANT = 1;
const DAY_MS = 86_400_000;

export const dayText = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

export async function actorOf(db: Db, username: string): Promise<Actor> {
  const { rows } = await sql<{ realname: string; orgCode: string | null }>`select realname,
      org_code as "orgCode" from sys_user where username = ${username}`.execute(db);
  return {
    username,
    realname: rows[0]?.realname ?? username,
    orgCode: rows[0]?.orgCode ?? null,
    tenantId: TENANT,
  };
}

/** The catalogue and its stock-ins: twice the safety stock 120 days ago, a top-up 60 days ago. */
async function seedCatalogue(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  await db.transaction().execute(async (trx) => {
    let seq = 0;
    for (const [i, [code, name, category, spec, unit, safety, price, location]] of DEMO_ITEMS.entries()) {
      const id = newId();
      ids.set(code, id);
      await sql`insert into oa_supply_item (id, code, name, category, spec, unit, stock, safety_stock, low_stock,
          price, location, status, tenant_id, create_by, create_time)
        values (${id}, ${code}, ${name}, ${category}, ${spec}, ${unit}, 0, ${safety}, '0', ${price}, ${location},
          '1', ${TENANT}, 'xuming', now() - interval '125 days')`.execute(trx);
      // A few items are running low: their top-up never came.
      const batches: [number, number][] =
        i % 9 === 4
          ? [[120, safety + 2]]
          : [
              [120, safety * 2],
              [60, safety],
            ];
      for (const [daysAgo, quantity] of batches) {
        seq += 1;
        const inId = newId();
        const inNo = `RK${dayText(daysAgo).replaceAll('-', '')}-${String(seq).padStart(3, '0')}`;
        await sql`insert into oa_supply_stock_in (id, in_no, item_id, quantity, unit_price, supplier, in_date,
            handler, status, tenant_id, create_by, create_time)
          values (${inId}, ${inNo}, ${id}, ${quantity}, ${price}, ${i % 2 ? '晨光文具（北京）有限公司' : '得力办公用品有限公司'},
            ${dayText(daysAgo)}, 'xuming', '1', ${TENANT}, 'xuming', now() - ${`${daysAgo} days`}::interval)`.execute(
          trx,
        );
        await moveStock(trx, {
          itemId: id,
          delta: quantity,
          type: '1',
          operator: 'xuming',
          sourceNo: inNo,
          sourceId: inId,
          tenantId: TENANT,
          at: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
        });
      }
    }
  });
  return ids;
}

export async function openTask(db: Db, instanceId: string) {
  const { rows } = await sql<{ id: string; who: string }>`select id, coalesce(assignee,
      split_part(trim(both ',' from candidates), ',', 1)) as who
    from wf_task where instance_id = ${instanceId} and status = 'todo' limit 1`.execute(db);
  return rows[0];
}

async function runRequest(
  db: Db,
  approvals: Approvals,
  items: Map<string, string>,
  r: DemoRequest,
  n: number,
) {
  const entry = approvals.entryOfBase('/office/supplyRequest');
  if (!entry) return;
  const actor = await actorOf(db, r.who);
  const id = newId();
  const requestNo = `LY${dayText(r.daysAgo).replaceAll('-', '')}-${String(n).padStart(3, '0')}`;
  await sql`insert into oa_supply_request (id, request_no, applicant, department, reason, status, tenant_id,
      create_by, sys_org_code)
    values (${id}, ${requestNo}, ${r.who}, ${actor.orgCode}, ${r.reason}, '0', ${TENANT}, ${r.who}, ${actor.orgCode})`.execute(
    db,
  );
  for (const [code, quantity] of r.items)
    await sql`insert into oa_supply_request_item (id, request_id, item_id, quantity, tenant_id, create_by)
      values (${newId()}, ${id}, ${items.get(code) ?? ''}, ${quantity}, ${TENANT}, ${r.who})`.execute(db);
  if (r.outcome !== 'draft') {
    const bindings = approvals.bindings();
    await startApprovalOf({ db, bindings, approvals }, entry, id, actor);
    const { rows } = await sql<{ procInsId: string }>`select proc_ins_id as "procInsId" from oa_supply_request
      where id = ${id}`.execute(db);
    const instanceId = rows[0]!.procInsId;
    if (r.outcome === 'withdrawn') await withdrawInstance(db, bindings, instanceId, actor);
    else if (r.outcome === 'rejected') {
      const task = await openTask(db, instanceId);
      await rejectTask(db, bindings, task!.id, await actorOf(db, task!.who), r.comment ?? '不同意');
    } else if (r.outcome !== 'atManager') {
      const first = await openTask(db, instanceId);
      await approveTask(db, bindings, first!.id, await actorOf(db, first!.who), '同意');
      if (r.outcome === 'issued') {
        const second = await openTask(db, instanceId);
        await approveTask(
          db,
          bindings,
          second!.id,
          await actorOf(db, second!.who),
          '已备货，请到行政库房领取',
        );
      }
    }
    // The request and everything it wrote, back to its day.
    const back = `${r.daysAgo} days`;
    await sql`update wf_instance set create_time = create_time - ${back}::interval,
        end_time = end_time - ${back}::interval where id = ${instanceId}`.execute(db);
    await sql`update wf_task set create_time = create_time - ${back}::interval,
        done_time = done_time - ${back}::interval where instance_id = ${instanceId}`.execute(db);
    await sql`update wf_history set create_time = create_time - ${back}::interval
      where instance_id = ${instanceId}`.execute(db);
    await sql`update oa_supply_ledger set move_time = move_time - ${back}::interval,
        create_time = create_time - ${back}::interval where source_id = ${id}`.execute(db);
  }
  await sql`update oa_supply_request set create_time = now() - ${`${r.daysAgo} days`}::interval,
      issued_time = issued_time - ${`${r.daysAgo} days`}::interval where id = ${id}`.execute(db);
}

/** Takes the mark and seeds once; a request that fails is skipped (the others still run). */
export async function seedOfficeDemo(db: Db, approvals: Approvals): Promise<void> {
  const taken =
    await sql`delete from sys_seed_pending where name = ${OFFICE_DEMO_MARK} returning name`.execute(db);
  if (taken.rows.length === 0) return;
  const items = await seedCatalogue(db);
  for (const [n, request] of DEMO_REQUESTS.entries()) await runRequest(db, approvals, items, request, n + 1);
  await settleDemoTaskNotices(db);
}
