/**
 * Evaluation cycles and scoring (docs/modules/evaluations.md): starting a cycle generates one
 * evaluation per person with a snapshot of the template's indicators, all or nothing and once; the
 * person self-scores only their own and only in the self phase, the manager scores only in the
 * manager phase; scores outside 0..max are refused; the server computes totals and grades; each
 * caller sees only their scope.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityTestContext, Page } from './entity-helpers.js';
import { createEvalTest, TEMPLATES, type EvalTest, type Row } from './evaluation-helpers.js';

let t: EntityTestContext;
let tok: Record<string, string>;
let h: EvalTest;
beforeAll(async () => {
  h = await createEvalTest();
  ({ t, tok } = h);
});
afterAll(() => t.close());

const mine = (rows: Row[], username: string) => rows.find((r) => r.username === username)!;

describe('starting a cycle', () => {
  it('makes one evaluation per person of the departments with a snapshot of the indicators, once', async () => {
    const { row: cycle } = await h.cycle({ usernames: 'zhaolei' }, tok.admin);
    expect(cycle).toMatchObject({ status: '0', status_dictText: '未开始' });
    expect((await h.move('/evaluation/cycle/start', cycle!.id, tok.admin!)).success).toBe(true);
    const rows = await h.evaluations(cycle!.id);
    expect(rows.map((r) => r.username).sort()).toEqual(['chenjing', 'gaopeng', 'majun', 'zhaolei']);
    expect(mine(rows, 'chenjing')).toMatchObject({
      status: '0',
      manager: 'zhangwei',
      departCode: 'A01A02A01',
    });
    // 赵磊 (研发组) is scored by his own department's manager.
    expect(mine(rows, 'zhaolei')).toMatchObject({ manager: 'liuyang' });
    const [started] = (await t.get<Page<Row>>(`/evaluation/cycle/list?name=${cycle!.name}`, tok.admin))
      .result!.records;
    expect(started).toMatchObject({ status: '1', status_dictText: '自评中', personCount: 4 });

    const one = await h.read(mine(rows, 'chenjing').id, tok.chenjing!);
    expect(one.result!.evalScore.map((s) => [s.indicator, s.weight, s.maxScore])).toEqual([
      ['工作业绩', 50, 100],
      ['工作态度', 20, 100],
      ['团队协作', 20, 100],
      ['学习成长', 10, 100],
    ]);
    // A later template edit leaves the started cycle's indicators alone.
    await sql`update biz_eval_indicator set weight = 45 where template_id = ${TEMPLATES.general}
      and indicator = '工作业绩'`.execute(t.database.db);
    try {
      expect((await h.read(mine(rows, 'chenjing').id, tok.chenjing!)).result!.evalScore[0]!.weight).toBe(50);
    } finally {
      await sql`update biz_eval_indicator set weight = 50 where template_id = ${TEMPLATES.general}
        and indicator = '工作业绩'`.execute(t.database.db);
    }

    expect(await h.move('/evaluation/cycle/start', cycle!.id, tok.admin!)).toMatchObject({
      success: false,
      message: '当前状态不允许开始考核',
    });
    expect(await h.evaluations(cycle!.id)).toHaveLength(4);
    expect(
      await t.send('PUT', '/evaluation/cycle/edit', { id: cycle!.id, name: '改名' }, tok.admin),
    ).toMatchObject({
      success: false,
      message: '考核周期已开始，不能修改或删除',
    });
  });

  it('makes nothing when any part fails: a stopped template, nobody to evaluate', async () => {
    const { row: bad } = await h.cycle({ templateId: TEMPLATES.stopped });
    expect(await h.move('/evaluation/cycle/start', bad!.id, tok.zhangwei!)).toMatchObject({
      success: false,
      message: '考核模板不存在或已停用',
    });
    expect(await h.evaluations(bad!.id)).toEqual([]);
    const [still] = (await t.get<Page<Row>>(`/evaluation/cycle/list?name=${bad!.name}`, tok.zhangwei)).result!
      .records;
    expect(still).toMatchObject({ status: '0' });
    // A frozen account is nobody to evaluate.
    const { row: empty } = await h.cycle({ departIds: '', usernames: 'dongjie' }, tok.admin);
    expect(await h.move('/evaluation/cycle/start', empty!.id, tok.admin!)).toMatchObject({
      message: '考核对象为空：请选择考核部门或考核人员',
    });
    expect(await h.evaluations(empty!.id)).toEqual([]);
  });

  it('keeps a manager to their own department and checks the form', async () => {
    expect((await h.cycle({ usernames: 'zhaolei' })).res).toMatchObject({
      success: false,
      message: '只能考核本部门及下级部门的人员：赵磊',
    });
    expect((await h.cycle({}, tok.liuyang)).res.message).toBe('只能考核本部门及下级部门的人员：项目一组');
    expect((await h.cycle({ endDate: '2026-09-30' })).res.message).toBe('结束日期不能早于开始日期');
    expect((await h.cycle({ periodKey: '2026-13' })).res.message).toBe(
      '考核期间格式：月度如2026-10，季度如2026-Q3，年度如2026',
    );
    expect((await h.cycle({}, tok.chenjing)).res.message).toBe('没有权限，请联系管理员授权');
  });
});

describe('scoring', () => {
  it('lets the person self-score their own only, in range, then the manager score, and computes the result', async () => {
    const { row: cycle } = await h.cycle();
    await h.move('/evaluation/cycle/start', cycle!.id, tok.zhangwei!);
    const rows = await h.evaluations(cycle!.id);
    const own = mine(rows, 'chenjing').id;
    // Another person's evaluation is not there for a colleague; the manager cannot self-score it.
    expect(await h.score(own, tok.majun!, 'selfScore', [90, 80, 85, 70])).toMatchObject({
      message: '未找到对应数据',
    });
    expect(await h.score(own, tok.zhangwei!, 'selfScore', [90, 80, 85, 70])).toMatchObject({
      message: '只能填写本人的自评',
    });
    expect(await h.score(own, tok.chenjing!, 'selfScore', [90, 101, 85, 70])).toMatchObject({
      success: false,
      message: '「工作态度」的自评分应在0到100之间',
    });
    expect(await h.score(own, tok.chenjing!, 'selfScore', [90, -1, 85, 70])).toMatchObject({
      success: false,
    });
    expect(await h.score(own, tok.chenjing!, 'managerScore', [90, 80, 85, 70])).toMatchObject({
      message: '自评阶段只能填写自评分和自评说明',
    });
    // The same through the record as queryById answers it: the scores as the full list.
    const record = (await h.read(own, tok.chenjing!)).result!;
    const listed = record.evalScore.map((row) => ({ ...row, managerScore: 90 }));
    expect(
      await h.t.send('PUT', '/evaluation/evaluation/edit', { ...record, evalScore: listed }, tok.chenjing!),
    ).toMatchObject({ message: '自评阶段只能填写自评分和自评说明' });
    // The server made the rows: a list leaving one out is refused like a deletion.
    const fewer = { ...record, evalScore: record.evalScore.slice(1) };
    expect(await h.t.send('PUT', '/evaluation/evaluation/edit', fewer, tok.chenjing!)).toMatchObject({
      message: '考核指标的行由系统生成，不能新增或删除',
    });
    expect(await h.move('/evaluation/evaluation/submitSelf', own, tok.chenjing!)).toMatchObject({
      message: '请为每项考核指标填写自评分后再提交',
    });
    expect(
      await h.score(own, tok.chenjing!, 'selfScore', [90, 80, 85, 70], { selfComment: '本月完成两个项目' }),
    ).toMatchObject({
      success: true,
    });
    expect((await h.read(own, tok.chenjing!)).result).toMatchObject({
      selfTotal: 85,
      total: null,
      grade: '',
    });
    expect(await h.move('/evaluation/evaluation/submitSelf', own, tok.majun!)).toMatchObject({
      success: false,
    });
    expect((await h.move('/evaluation/evaluation/submitSelf', own, tok.chenjing!)).success).toBe(true);
    expect(await h.score(own, tok.chenjing!, 'selfScore', [95, 80, 85, 70])).toMatchObject({
      message: '自评已提交，请等待上级评分',
    });
    // Managers score only once the cycle is in 上级评分中.
    expect(await h.move('/evaluation/evaluation/submitScore', own, tok.zhangwei!)).toMatchObject({
      message: '当前状态不允许提交评分',
    });
    expect((await h.move('/evaluation/cycle/review', cycle!.id, tok.zhangwei!)).success).toBe(true);
    expect((await h.read(own, tok.zhangwei!)).result).toMatchObject({
      status: '2',
      status_dictText: '待上级评分',
    });
    expect(await h.score(own, tok.chenjing!, 'managerScore', [92, 88, 90, 80])).toMatchObject({
      message: '只有评分人可以评分',
    });
    expect(await h.score(own, tok.zhangwei!, 'selfScore', [92, 88, 90, 80])).toMatchObject({
      message: '上级评分时不能修改被考核人的自评',
    });
    expect(await h.score(own, tok.zhangwei!, 'managerScore', [92, 88, 190, 80])).toMatchObject({
      message: '「团队协作」的上级评分应在0到100之间',
    });
    expect(await h.score(own, tok.zhangwei!, 'managerScore', [92, 88, 90, 80])).toMatchObject({
      success: true,
    });
    expect((await h.move('/evaluation/evaluation/submitScore', own, tok.zhangwei!)).success).toBe(true);
    expect((await h.read(own, tok.chenjing!)).result).toMatchObject({
      status: '3',
      selfTotal: 85,
      total: 89.6,
      grade: 'B',
      grade_dictText: '良好',
    });
    expect(await h.score(own, tok.zhangwei!, 'managerScore', [99, 99, 99, 99])).toMatchObject({
      message: '考核已完成，不能修改',
    });
    // The cycle ends only when every evaluation is scored.
    expect(await h.move('/evaluation/cycle/finish', cycle!.id, tok.zhangwei!)).toMatchObject({
      message: '还有2份考核未完成上级评分，不能结束考核',
    });
    for (const name of ['majun', 'gaopeng']) {
      const id = mine(rows, name).id;
      await h.score(id, tok.zhangwei!, 'managerScore', [95, 95, 90, 90]);
      expect((await h.move('/evaluation/evaluation/submitScore', id, tok.zhangwei!)).success).toBe(true);
      expect((await h.read(id, tok.zhangwei!)).result).toMatchObject({
        total: 93.5,
        grade: 'A',
        selfTotal: null,
      });
    }
    expect((await h.move('/evaluation/cycle/finish', cycle!.id, tok.zhangwei!)).success).toBe(true);
  });

  it('refuses added or deleted indicator rows and direct score writes', async () => {
    const { row: cycle } = await h.cycle();
    await h.move('/evaluation/cycle/start', cycle!.id, tok.zhangwei!);
    const own = mine(await h.evaluations(cycle!.id), 'chenjing').id;
    expect(
      await t.send(
        'PUT',
        '/evaluation/evaluation/edit',
        { id: own, evalScore: { added: [{ indicator: '加分项' }] } },
        tok.chenjing,
      ),
    ).toMatchObject({ success: false, message: '考核指标的行由系统生成，不能新增或删除' });
    const score = (await h.read(own, tok.chenjing!)).result!.evalScore[0]!;
    expect(
      await t.send('PUT', '/evaluation/score/edit', { id: score.id, selfScore: 90 }, tok.chenjing),
    ).toMatchObject({
      success: false,
      message: '请在考核表中评分',
    });
  });
});

describe('concurrent saves', () => {
  it('refuses a save from a copy someone else saved meanwhile', async () => {
    const { row: cycle } = await h.cycle();
    await h.move('/evaluation/cycle/start', cycle!.id, tok.zhangwei!);
    const own = mine(await h.evaluations(cycle!.id), 'chenjing').id;
    const loaded = (await h.read(own, tok.chenjing!)).result!;
    const save = (selfComment: string) =>
      t.send(
        'PUT',
        '/evaluation/evaluation/edit',
        { id: own, rowVersion: loaded.rowVersion, selfComment },
        tok.chenjing,
      );
    expect((await save('第一个窗口')).success).toBe(true);
    expect(await save('第二个窗口')).toMatchObject({
      success: false,
      message: '该记录已被他人修改，请刷新后重试',
    });
    expect((await h.read(own, tok.chenjing!)).result).toMatchObject({ selfComment: '第一个窗口' });
  });
});

describe('data scope', () => {
  it('shows staff their own, managers their department, admins all', async () => {
    const { row: cycle } = await h.cycle({ usernames: 'zhaolei' }, tok.admin);
    await h.move('/evaluation/cycle/start', cycle!.id, tok.admin!);
    const list = async (token: string, type = '') =>
      await t.get<Page<Row>>(
        `/evaluation/evaluation/list?cycleId=${cycle!.id}${type ? `&type=${type}` : ''}`,
        token,
      );
    expect((await list(tok.chenjing!, '1')).result!.records.map((r) => r.username)).toEqual(['chenjing']);
    expect((await list(tok.chenjing!, '3')).success).toBe(false);
    expect((await list(tok.chenjing!)).success).toBe(false);
    expect((await list(tok.zhangwei!, '3')).result!.records.map((r) => r.username).sort()).toEqual([
      'chenjing',
      'gaopeng',
      'majun',
    ]);
    // 刘洋 scores 赵磊, so he sees that one in 待我评分, and nothing of 项目一组.
    expect((await list(tok.liuyang!, '2')).result!.records.map((r) => r.username)).toEqual(['zhaolei']);
    expect((await list(tok.liuyang!, '3')).result!.records.map((r) => r.username)).toEqual(['zhaolei']);
    expect((await list(tok.admin!)).result!.records).toHaveLength(4);
    const other = mine((await list(tok.admin!)).result!.records, 'majun').id;
    expect(await h.read(other, tok.chenjing!)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await h.read(other, tok.liuyang!)).toMatchObject({ success: false, message: '未找到对应数据' });
    const scores = await t.get<Page<Row>>(`/evaluation/score/list?evaluationId=${other}`, tok.chenjing);
    expect(scores.result!.records).toEqual([]);
    // Cycles: 技术部's manager reads the company cycle that evaluates 赵磊 but cannot move it.
    const read = await t.get<Page<Row>>(`/evaluation/cycle/list?name=${cycle!.name}`, tok.liuyang);
    expect(read.result!.records).toHaveLength(1);
    expect(await h.move('/evaluation/cycle/review', cycle!.id, tok.liuyang!)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    // One made in 项目管理部 for its own people is not visible to 技术部's manager.
    const { row: theirs } = await h.cycle();
    expect(
      (await t.get<Page<Row>>(`/evaluation/cycle/list?name=${theirs!.name}`, tok.liuyang)).result!.records,
    ).toEqual([]);
    expect(
      (await t.get<Page<Row>>(`/evaluation/cycle/list?name=${theirs!.name}`, tok.zhangwei)).result!.records,
    ).toHaveLength(1);
  });
});
