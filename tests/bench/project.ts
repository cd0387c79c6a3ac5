/**
 * The project page's data (issue 16, docs/modules/projects.md "Bench"): a running project with 500
 * plan tasks (10 plans of 50), 50 demands, 200 node files (40 on the current stage) and 20 contacts.
 * The calls are the ones screens/project makes, read from its code:
 *  - on open (tab 基本信息): getProjectById (the declarations are in the bundle, the runtime's
 *    permissions and dictionaries come with the shell's sign-in);
 *  - each other tab on its first show (antd renders a tab when it is first chosen): 阶段流程 queryPower,
 *    stageDiagram, queryByProcInsId and the current stage's node files; 联系人, 需求, 计划, 工单 their
 *    scoped list's first page.
 * Every figure is the server's own handling, summed over the calls (each request's time from its
 * arrival to its answer written, Fastify's elapsedTime, as the monitor logs it; the calls go through
 * inject, no socket), as a ratio to every statement it ran for those calls, replayed directly one
 * after the other on the same database. The inject round trip is printed beside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { scratchPostgres, signInAt, startInProcess, type Running, type Target } from './in-process.js';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';

const ROUNDS = 30;
const PLANS = 10;
const TASKS_PER_PLAN = 50;
const DEMANDS = 50;
const FILES = 200;
const CONTACTS = 20;
const STAGES = ['initiation', 'requirements', 'design', 'implementation', 'acceptance'];

type Auth = Record<string, string>;

async function send(r: Running, auth: Auth, method: string, url: string, body: unknown) {
  const res = await fetch(`${r.url}/api${url}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; message: string; result?: unknown };
  if (!answer.success) throw new Error(`${method} ${url}: ${answer.message}`);
  return answer;
}

async function firstId(r: Running, auth: Auth, url: string): Promise<string> {
  const answer = JSON.parse(await r.inject(`/api${url}`, auth)) as { result: { records: { id: string }[] } };
  const id = answer.result.records[0]?.id;
  if (!id) throw new Error(`nothing at ${url}`);
  return id;
}

/** The project and its rows, through the API where a person would make them. */
async function fillProject(
  r: Running,
  auth: Auth,
  tenantId: number,
): Promise<{ id: string; procInsId: string }> {
  const code = `BENCH${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  await send(r, auth, 'POST', '/sys/customer/add', { name: `压测客户${code}`, code, level: 'M' });
  const customerId = await firstId(r, auth, `/sys/customer/list?code=${code}`);
  const name = `压测项目${code}`;
  await send(r, auth, 'POST', '/sys/project/add', {
    name,
    code: `P-${code}`,
    customerId,
    category: '3',
    manager: 'admin',
    members: 'zhangwei,lina',
    planStart: '2027-01-01',
    planEnd: '2027-12-31',
    budget: 1_000_000,
  });
  const id = await firstId(r, auth, `/sys/project/list?name=${encodeURIComponent(name)}`);
  await send(r, auth, 'PUT', '/sys/project/startProject', { id });
  for (let p = 0; p < PLANS; p++) {
    const month = String(p + 1).padStart(2, '0');
    const tasks = Array.from({ length: TASKS_PER_PLAN }, (_, i) => ({
      taskName: `任务${p + 1}-${i + 1}`,
      parentTask: i % 5 === 0 ? null : `任务${p + 1}-${i - (i % 5) + 1}`,
      startDate: `2027-${month}-01`,
      endDate: `2027-${month}-20`,
      progress: (i * 7) % 100,
      orderNum: i + 1,
    }));
    await send(r, auth, 'POST', '/plan/projectPlan/add', {
      planName: `${name}计划${p + 1}`,
      projectId: id,
      startDate: `2027-${month}-01`,
      endDate: `2027-${month}-28`,
      planTask: { added: tasks },
    });
  }
  for (let i = 0; i < DEMANDS; i++)
    await send(r, auth, 'POST', '/sys/demand/add', {
      title: `需求${i + 1}`,
      projectId: id,
      demandType: '1',
      priority: String(1 + (i % 3)),
      handler: i % 2 ? 'zhangwei' : 'lina',
    });
  for (let i = 0; i < CONTACTS; i++)
    await send(r, auth, 'POST', '/sys/contacts/add', {
      projectId: id,
      name: `联系人${i + 1}`,
      phone: `1380000${String(i).padStart(4, '0')}`,
    });
  // Node files: rows as an upload leaves them (the stored file itself is not read by the page).
  await sql`insert into biz_project_node_file (id, tenant_id, project_id, task_def_key, file_name, file,
      create_by, create_time)
    select 'bnf' || g, ${tenantId}, ${id}, (array[${sql.join(STAGES)}]::text[])[1 + g % ${STAGES.length}],
      '阶段文件' || g, 'projectNode/bench' || g || '.pdf', 'admin', now() - g * interval '1 minute'
    from generate_series(1, ${FILES}::int) g`.execute(r.database.db);
  const answer = JSON.parse(await r.inject(`/api/sys/project/getProjectById?projectId=${id}`, auth)) as {
    result: { procInsId: string };
  };
  return { id, procInsId: answer.result.procInsId };
}

/** The page's calls: on open, then each tab's first show. */
function pageCalls(project: { id: string; procInsId: string }) {
  const page = `pageNo=1&pageSize=10&projectId=${project.id}`;
  const open = [`/sys/project/getProjectById?projectId=${project.id}`];
  const tabs = [
    `/sys/project/queryPower?projectId=${project.id}`,
    `/sys/project/stageDiagram?projectId=${project.id}`,
    `/oa/nodeContentTemplate/queryByProcInsId?procInsId=${project.procInsId}`,
    `/sys/projectNodeFile/list?${page}&taskDefKey=initiation`,
    `/sys/contacts/list?${page}`,
    `/sys/demand/list?${page}`,
    `/plan/projectPlan/list?${page}`,
    `/sys/project/workOrder/list?${page}`,
  ];
  return { open, tabs };
}

/** The calls one after the other (as a tab's calls mostly are), against their statements replayed. */
async function callsVersusSql(r: Running, auth: Auth, urls: readonly string[]) {
  const call = async () => {
    for (const url of urls) {
      const text = await r.inject(`/api${url}`, auth);
      if (!(JSON.parse(text) as { success: boolean }).success)
        throw new Error(`${url}: ${text.slice(0, 200)}`);
    }
  };
  await call();
  r.captured = [];
  r.capturing = true;
  await call();
  r.capturing = false;
  const statements = [...r.captured];
  const direct = async () => {
    for (const q of statements) await r.database.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
  };
  await direct();
  const api: number[] = [];
  const injected: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    r.served = [];
    let t = performance.now();
    await call();
    injected.push(performance.now() - t);
    if (r.served.length !== urls.length)
      throw new Error(`${r.served.length} answers timed, ${urls.length} asked`);
    api.push(r.served.reduce((sum, ms) => sum + ms, 0));
    t = performance.now();
    await direct();
    raw.push(performance.now() - t);
  }
  return { api, injected, raw, statements: statements.length };
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-project-'));
  const r = await startInProcess(target, dataDir);
  try {
    const { token, tenantId } = await signInAt(r.url, r.config.adminPassword);
    const auth = { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
    const project = await fillProject(r, auth, tenantId);
    const { open, tabs } = pageCalls(project);
    const data = `${PLANS * TASKS_PER_PLAN} tasks, ${DEMANDS} demands, ${FILES} node files`;
    const rows: BenchRow[] = [];
    for (const [what, urls] of [
      ['on open', open],
      ['on open + every tab once', [...open, ...tabs]],
    ] as const) {
      const m = await callsVersusSql(r, auth, urls);
      rows.push(
        {
          figure: `${target.label}: project page ${what}: ${urls.length} request${urls.length === 1 ? '' : 's'} (goal < 10), server time, ${data}, median of ${ROUNDS} (goal ≤ 1.5x)`,
          value: fmtMs(median(m.api)),
          baseline: `its ${m.statements} statements directly ${fmtMs(median(m.raw))}`,
          ratio: ratio(median(m.api), median(m.raw)),
        },
        {
          figure: `${target.label}: the same, p95`,
          value: fmtMs(percentile(m.api, 95)),
          baseline: `directly, p95 ${fmtMs(percentile(m.raw, 95))}`,
          ratio: ratio(percentile(m.api, 95), percentile(m.raw, 95)),
        },
        {
          figure: `${target.label}: the same seen by the in-process client (inject: its request and answer objects too), median`,
          value: fmtMs(median(m.injected)),
          baseline: `directly ${fmtMs(median(m.raw))}`,
          ratio: ratio(median(m.injected), median(m.raw)),
        },
      );
    }
    return rows;
  } finally {
    await r.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchProject(): Promise<BenchRow[]> {
  const rows = await benchTarget({ label: 'PGlite' });
  const pgUrl = await scratchPostgres('zj_bench_project');
  if (pgUrl) rows.push(...(await benchTarget({ label: 'PostgreSQL', databaseUrl: pgUrl })));
  else console.log('(no PostgreSQL at BENCH_DATABASE_URL: the PostgreSQL rows are left out)');
  return rows;
}
