/**
 * Demo rows of the evaluation templates (schemas/evaluation): four templates with their
 * indicators, each template's weights adding up to 100 as its check demands; then the cycles and
 * evaluations made with them (demo-cycles.ts).
 */
import { seedId } from '../db/seed/ids.js';
import type { DeclaredSeed, DemoRow } from '../db/seed/declared/insert.js';
import { evaluationCycleDemo } from './demo-cycles.js';

type Indicator = [indicator: string, weight: number, maxScore: number, description: string];

const TEMPLATES: { key: string; name: string; appliesTo: string; status: string; indicators: Indicator[] }[] =
  [
    {
      key: 'general',
      name: '员工月度考核模板',
      appliesTo: '1',
      status: '1',
      indicators: [
        ['工作业绩', 50, 100, '按月度工作目标完成情况评分'],
        ['工作态度', 20, 100, '责任心、主动性与纪律性'],
        ['团队协作', 20, 100, '配合同事、跨部门沟通情况'],
        ['学习成长', 10, 100, '培训参与与技能提升'],
      ],
    },
    {
      key: 'manager',
      name: '部门经理季度考核模板',
      appliesTo: '2',
      status: '1',
      indicators: [
        ['部门目标达成', 40, 100, '部门季度目标完成率'],
        ['团队管理', 25, 100, '人员培养、梯队建设与团队稳定'],
        ['成本控制', 15, 100, '预算执行与费用控制'],
        ['跨部门协同', 20, 100, '协同事项的响应与落实'],
      ],
    },
    {
      key: 'tech',
      name: '技术岗位考核模板',
      appliesTo: '3',
      status: '1',
      indicators: [
        ['任务交付', 40, 100, '按期、按质交付开发与运维任务'],
        ['系统稳定性', 30, 100, '故障次数与恢复时间'],
        ['技术文档', 10, 100, '文档完整、及时更新'],
        ['技术分享', 20, 100, '内部分享与知识沉淀'],
      ],
    },
    {
      key: 'reception',
      name: '接待服务考核模板（旧版）',
      appliesTo: '4',
      status: '0',
      indicators: [
        ['接待满意度', 60, 100, '来访客户满意度调查结果'],
        ['服务规范', 40, 100, '仪容仪表、流程规范执行'],
      ],
    },
  ];

export function evaluationDemo(): DeclaredSeed[] {
  const templates: DemoRow[] = TEMPLATES.map((t, i) => ({
    id: seedId(`evalTemplate:${t.key}`),
    values: { name: t.name, appliesTo: t.appliesTo, totalScore: 100, status: t.status, remark: null },
    createBy: 'wangfang',
    orgCode: 'A01A01',
    daysAgo: 150 - i * 20,
  }));
  const indicators: DemoRow[] = TEMPLATES.flatMap((t, i) =>
    t.indicators.map(([indicator, weight, maxScore, description], n) => ({
      values: {
        templateId: seedId(`evalTemplate:${t.key}`),
        indicator,
        weight,
        maxScore,
        description,
        orderNum: n + 1,
      },
      createBy: 'wangfang',
      orgCode: 'A01A01',
      daysAgo: 150 - i * 20,
    })),
  );
  return [
    { entity: 'evalTemplate', rows: templates },
    { entity: 'evalIndicator', rows: indicators },
    ...evaluationCycleDemo(),
  ];
}
