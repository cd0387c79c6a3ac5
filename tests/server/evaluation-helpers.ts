/** Shared by the evaluation server tests: a server, the people involved, a cycle maker and scorers. */
import { expect } from 'vitest';
import { sql } from 'kysely';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { departId } from '../../server/db/seed/organisation.js';

export type Row = Record<string, unknown> & { id: string; status: string };
export interface Score {
  id: string;
  indicator: string;
  weight: number;
  maxScore: number;
  selfScore: number | null;
  managerScore: number | null;
}

/** The test's templates: 测试月度考核模板 (enabled, the general indicators) and a stopped one. */
export const TEMPLATES = { general: '', stopped: '' };
const INDICATORS: [string, number][] = [
  ['工作业绩', 50],
  ['工作态度', 20],
  ['团队协作', 20],
  ['学习成长', 10],
];
/** 项目一组 (A01A02A01): chenjing, majun and gaopeng, scored by their manager zhangwei. */
export const TEAM = departId('A01A02A01');

export interface EvalTest {
  t: EntityTestContext;
  /** Tokens: managers zhangwei (项目管理部), liuyang (技术部); staff chenjing, majun (项目一组), zhaolei (研发组). */
  tok: Record<string, string>;
  /** Adds a cycle as `token` (default zhangwei over 项目一组); answers the add's result and the row. */
  cycle(
    values?: Record<string, unknown>,
    token?: string,
  ): Promise<{ res: { success: boolean; message: string }; row?: Row }>;
  move(path: string, id: string, token: string): Promise<{ success: boolean; message: string }>;
  /** The evaluations of a cycle, as admin sees them. */
  evaluations(cycleId: string): Promise<Row[]>;
  /** One evaluation with its score rows, as `token` reads it. */
  read(
    id: string,
    token: string,
  ): Promise<{ success: boolean; message: string; result?: Row & { evalScore: Score[] } }>;
  /** Saves scores (`field` of every row from `values`, in order) as `token`. */
  score(
    id: string,
    token: string,
    field: 'selfScore' | 'managerScore',
    values: (number | null)[],
    extra?: Record<string, unknown>,
  ): Promise<{ success: boolean; message: string }>;
}

let serial = 0;

export async function createEvalTest(): Promise<EvalTest> {
  const t = await createEntityContext();
  const tok: Record<string, string> = { chenjing: t.staffToken, admin: t.adminToken };
  for (const name of ['zhangwei', 'liuyang', 'majun', 'zhaolei'])
    tok[name] = await t.login(name, DEMO_PASSWORD);
  for (const [key, name, status] of [
    ['general', '测试月度考核模板', '1'],
    ['stopped', '测试停用考核模板', '0'],
  ] as const) {
    const added = await t.send('POST', '/evaluation/template/add', {
      name,
      appliesTo: '1',
      totalScore: 100,
      status,
      evalIndicator: {
        added: INDICATORS.map(([indicator, weight], i) => ({
          indicator,
          weight,
          maxScore: 100,
          orderNum: i + 1,
        })),
      },
    });
    expect(added).toMatchObject({ success: true });
    const { rows } = await sql<{ id: string }>`select id from biz_eval_template where name = ${name}`.execute(
      t.database.db,
    );
    TEMPLATES[key] = rows[0]!.id;
  }
  const cycle: EvalTest['cycle'] = async (values = {}, token = tok.zhangwei!) => {
    serial += 1;
    const name = `测试考核${serial}-${Math.random().toString(36).slice(2, 7)}`;
    const res = await t.send(
      'POST',
      '/evaluation/cycle/add',
      {
        name,
        periodType: '1',
        periodKey: '2026-10',
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        templateId: TEMPLATES.general,
        departIds: TEAM,
        selfDeadline: '2026-11-05',
        managerDeadline: '2026-11-10',
        ...values,
      },
      token,
    );
    if (!res.success) return { res };
    const page = await t.get<Page<Row>>(`/evaluation/cycle/list?name=${encodeURIComponent(name)}`, token);
    return { res, row: page.result!.records[0] };
  };
  const move: EvalTest['move'] = (path, id, token) => t.send('PUT', path, { id }, token);
  const evaluations: EvalTest['evaluations'] = async (cycleId) => {
    const page = await t.get<Page<Row>>(`/evaluation/evaluation/list?cycleId=${cycleId}&pageSize=60`);
    return page.result!.records;
  };
  const read: EvalTest['read'] = (id, token) =>
    t.get(`/evaluation/evaluation/queryById?id=${id}`, token) as ReturnType<EvalTest['read']>;
  const score: EvalTest['score'] = async (id, token, field, values, extra = {}) => {
    const { rows } = await sql<{ id: string }>`select id from biz_eval_score where evaluation_id = ${id}
      order by order_num`.execute(t.database.db);
    expect(rows.length).toBe(values.length);
    const edited = rows.map((r, i) => ({ id: r.id, [field]: values[i], $row: i + 1 }));
    return t.send('PUT', '/evaluation/evaluation/edit', { id, ...extra, evalScore: { edited } }, token);
  };
  return { t, tok, cycle, move, evaluations, read, score };
}
