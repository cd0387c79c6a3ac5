/**
 * Approvals under load (issue 14): with 10,000 running leave instances in the tables, the latency of
 * starting a leave until its first task exists (`PUT /process/leave/startProcess` answers after the
 * transaction that writes the instance, its task and history) and of approving a task, each next to
 * a plain declared-entity add (`POST /sys/mailList/add`, a contact) timed in turn in the same run;
 * and approvals per second on one server, one client and 8 concurrent clients, next to adds per
 * second the same way. On PostgreSQL when one answers at BENCH_DATABASE_URL, else the embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { DEMO_PASSWORD } from '../../server/db/seed/organisation.js';
import { scratchPostgres, signInAt, startInProcess, type Running, type Target } from './in-process.js';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';
import { copyRunningLeave } from './workflow-fill.js';

const RUNNING = 10_000;
const SAMPLES = 100;
const THROUGHPUT = 200;
const CLIENTS = 8;

interface Session {
  r: Running;
  admin: Record<string, string>;
  chenjing: Record<string, string>;
  zhangwei: Record<string, string>;
}

let serial = 0;

async function send(s: Session, who: Record<string, string>, method: string, url: string, body: unknown) {
  const res = await fetch(`${s.r.url}/api${url}`, {
    method,
    headers: { ...who, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; message: string };
  if (!answer.success) throw new Error(`${method} ${url}: ${answer.message}`);
}

const db = (s: Session) => s.r.database.db as unknown as Kysely<never>;

/** A leave draft of chenjing (not timed): its id. */
async function draft(s: Session): Promise<string> {
  serial += 1;
  const reason = `bench-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  await send(s, s.chenjing, 'POST', '/process/leave/add', {
    leaveType: '1',
    startDate: '2026-12-01',
    startHalf: '1',
    endDate: '2026-12-02',
    endHalf: '2',
    reason,
  });
  const { rows } = await sql<{ id: string }>`select id from biz_leave where reason = ${reason}`.execute(
    db(s),
  );
  return rows[0].id;
}

const start = (s: Session, id: string) => send(s, s.chenjing, 'PUT', '/process/leave/startProcess', { id });

/** The waiting task of the started leave `id` (checks that the start made it). */
async function taskOf(s: Session, id: string): Promise<{ taskId: string; instanceId: string }> {
  const { rows } = await sql<{ taskId: string; instanceId: string }>`select t.id as "taskId",
      t.instance_id as "instanceId" from biz_leave l join wf_task t on t.instance_id = l.proc_ins_id
    where l.id = ${id} and t.status = 'todo'`.execute(db(s));
  if (rows.length !== 1) throw new Error(`leave ${id}: ${rows.length} waiting tasks after the start`);
  return rows[0];
}

const approve = (s: Session, taskId: string) =>
  send(s, s.zhangwei, 'PUT', '/workflow/task/approve', { id: taskId, comment: '同意' });

/** The baseline: a contact added as a declared entity, as the admin. */
const add = (s: Session) =>
  send(s, s.admin, 'POST', '/sys/mailList/add', { name: `基准${++serial}`, company: 'bench', post: '' });

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

/** Tasks ready to approve: `n` leaves filed and started (not timed). */
async function waitingTasks(s: Session, n: number): Promise<string[]> {
  const tasks: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await draft(s);
    await start(s, id);
    tasks.push((await taskOf(s, id)).taskId);
  }
  return tasks;
}

/** Items per second of `work` over `items`, by `clients` clients taking the next item in turn. */
async function perSecond<T>(items: T[], clients: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
  return (items.length * 1000) / (performance.now() - t);
}

function latencyRows(label: string, what: string, samples: number[], base: number[]): BenchRow[] {
  return [
    {
      figure: `${label}: ${what}, median of ${samples.length} (goal ≤ 3x)`,
      value: fmtMs(median(samples)),
      baseline: `declared add ${fmtMs(median(base))}`,
      ratio: ratio(median(samples), median(base)),
    },
    {
      figure: `${label}: ${what}, p95`,
      value: fmtMs(percentile(samples, 95)),
      baseline: `declared add, p95 ${fmtMs(percentile(base, 95))}`,
      ratio: ratio(percentile(samples, 95), percentile(base, 95)),
    },
  ];
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-workflow-'));
  const r = await startInProcess(target, dataDir);
  try {
    const headers = async (user: string, password: string) => {
      const { token, tenantId } = await signInAt(r.url, password, user);
      return { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
    };
    const s: Session = {
      r,
      admin: await headers('admin', r.config.adminPassword),
      chenjing: await headers('chenjing', DEMO_PASSWORD),
      zhangwei: await headers('zhangwei', DEMO_PASSWORD),
    };
    const prototype = await draft(s);
    await start(s, prototype);
    await copyRunningLeave(db(s), prototype, (await taskOf(s, prototype)).instanceId, RUNNING);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from wf_instance
      where status = 'running'`.execute(db(s));
    const label = `${target.label}, ${rows[0].n.toLocaleString('en')} running instances`;
    // Warm-up: the first calls compile the routes' code and fill the caches.
    for (let i = 0; i < 5; i++) {
      await add(s);
      const id = await draft(s);
      await start(s, id);
      await approve(s, (await taskOf(s, id)).taskId);
    }

    // Start and add timed in turn, so both see the same moments of the shared machine.
    const starts: number[] = [];
    const adds: number[] = [];
    const started: string[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      adds.push(await timed(() => add(s)));
      const id = await draft(s);
      starts.push(await timed(() => start(s, id)));
      started.push((await taskOf(s, id)).taskId);
    }
    const approvals: number[] = [];
    const addsToo: number[] = [];
    for (const taskId of started) {
      addsToo.push(await timed(() => add(s)));
      approvals.push(await timed(() => approve(s, taskId)));
    }
    const rowsOut = [
      ...latencyRows(label, 'start of a leave until its first task exists', starts, adds),
      ...latencyRows(label, 'approve of a task (the 2-day leave ends)', approvals, addsToo),
    ];
    for (const clients of [1, CLIENTS]) {
      const tasks = await waitingTasks(s, THROUGHPUT);
      const approvalsPerSecond = await perSecond(tasks, clients, (taskId) => approve(s, taskId));
      const addsPerSecond = await perSecond(
        Array.from({ length: THROUGHPUT }, (_, i) => i),
        clients,
        () => add(s),
      );
      rowsOut.push({
        figure: `${label}: approvals per second, ${clients === 1 ? 'one client' : `${clients} concurrent clients`}, ${THROUGHPUT} tasks`,
        value: `${approvalsPerSecond.toFixed(0)}/s`,
        baseline: `declared adds ${addsPerSecond.toFixed(0)}/s`,
        ratio: ratio(approvalsPerSecond, addsPerSecond),
      });
    }
    return rowsOut;
  } finally {
    await r.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWorkflow(): Promise<BenchRow[]> {
  const pgUrl = await scratchPostgres('zj_bench_workflow');
  if (pgUrl) return benchTarget({ label: 'PostgreSQL', databaseUrl: pgUrl });
  console.log('(no PostgreSQL at BENCH_DATABASE_URL: measured on the embedded database)');
  return benchTarget({ label: 'PGlite' });
}
