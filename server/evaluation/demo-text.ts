/**
 * Texts of the evaluation demo (server/evaluation/demo-cycles.ts): what people write about
 * themselves per indicator and what their managers answer, by how the month went.
 */
type Level = 'high' | 'mid' | 'low';

export const levelOf = (score: number): Level => (score >= 88 ? 'high' : score >= 72 ? 'mid' : 'low');

/** Self comments by indicator name and level. */
export const SELF_NOTES: Readonly<Record<string, Readonly<Record<Level, readonly string[]>>>> = {
  工作业绩: {
    high: [
      '本月目标全部完成，两项工作提前交付',
      '按期完成全部任务，并协助完成部门临时任务',
      '重点任务完成质量较高，客户反馈良好',
    ],
    mid: ['主要任务按期完成，个别事项略有延迟', '完成本月计划的九成，剩余事项已排入下月', '日常工作完成正常'],
    low: ['受人员变动影响，两项任务延期', '本月任务完成不理想，已制定补救计划'],
  },
  工作态度: {
    high: ['主动承担额外工作，无迟到早退', '积极配合加班保障重要接待'],
    mid: ['遵守考勤制度，按要求完成交办事项', '工作认真，偶有沟通不及时'],
    low: ['本月有两次迟到，今后注意改正'],
  },
  团队协作: {
    high: ['牵头跨部门协调，配合顺畅', '主动帮助新同事熟悉业务'],
    mid: ['与同事配合良好', '按要求参与部门协作事项'],
    low: ['协作中沟通不够主动，需要改进'],
  },
  学习成长: {
    high: ['完成两门线上课程并在部门内分享', '考取相关职业资格证书'],
    mid: ['参加公司组织的培训', '学习新系统操作规范'],
    low: ['本月学习时间较少'],
  },
  部门目标达成: {
    high: ['部门季度目标全部达成，重点项目提前验收'],
    mid: ['部门主要目标达成，一项指标略低于预期'],
    low: ['受项目延期影响，季度目标未完全达成'],
  },
  团队管理: {
    high: ['完成两名新人带教，团队无人员流失'],
    mid: ['团队运转平稳，按计划开展内部培训'],
    low: ['团队人手紧张，培养计划有所推迟'],
  },
  成本控制: {
    high: ['费用控制在预算的九成以内'],
    mid: ['预算执行基本符合计划'],
    low: ['临时采购导致费用超出预算'],
  },
  跨部门协同: {
    high: ['协同事项均在约定时间内落实'],
    mid: ['协同事项响应及时，个别事项落实较慢'],
    low: ['部分协同事项响应不及时'],
  },
};

/** The manager's overall comment by grade. */
export const MANAGER_COMMENTS: Readonly<Record<string, readonly string[]>> = {
  A: [
    '工作成绩突出，主动性强，继续保持。',
    '本期表现优秀，重点任务完成出色，可承担更多职责。',
    '业绩与协作俱佳，是部门的骨干。',
  ],
  B: [
    '整体表现良好，工作扎实，希望在效率上再提升。',
    '完成情况良好，建议加强计划性，减少临时返工。',
    '态度认真，业务熟练，下期争取更高目标。',
  ],
  C: ['基本完成本期任务，需提高工作质量和主动性。', '工作达到要求，时间管理有待加强。'],
  D: ['本期多项任务未按期完成，需制定改进计划，下月重点跟进。'],
};

/** The person's overall self summary by level. */
export const SELF_SUMMARIES: Readonly<Record<Level, readonly string[]>> = {
  high: ['本期各项工作完成较好，下期继续保持并提升效率。', '目标全部达成，下期计划在流程优化上多投入。'],
  mid: ['本期完成了主要工作，下期需加强计划性。', '总体正常，个别事项需加快推进。'],
  low: ['本期完成情况不理想，已分析原因并制定改进措施。'],
};
