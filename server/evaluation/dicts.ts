/**
 * The evaluation module's dictionaries (schemas/evaluation), seeded with a new database;
 * migrations 0018 (templates) and 0026 (cycles, evaluations) write the same values out for a
 * database seeded earlier.
 */
export const EVALUATION_DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'eval_applies_to',
    name: '考核适用对象',
    items: [
      ['1', '全体员工'],
      ['2', '管理岗'],
      ['3', '技术岗'],
      ['4', '业务岗'],
      ['5', '职能岗'],
    ],
  },
  {
    code: 'eval_template_status',
    name: '考核模板状态',
    items: [
      ['1', '启用'],
      ['0', '停用'],
    ],
  },
  {
    code: 'eval_period_type',
    name: '考核类型',
    items: [
      ['1', '月度'],
      ['2', '季度'],
      ['3', '年度'],
    ],
  },
  {
    code: 'eval_cycle_status',
    name: '考核周期状态',
    items: [
      ['0', '未开始'],
      ['1', '自评中'],
      ['2', '上级评分中'],
      ['3', '已结束'],
    ],
  },
  {
    code: 'eval_status',
    name: '考核状态',
    items: [
      ['0', '待自评'],
      ['1', '已自评'],
      ['2', '待上级评分'],
      ['3', '已完成'],
    ],
  },
  {
    code: 'eval_type',
    name: '考核方式',
    items: [
      ['1', '周期考核'],
      ['2', '临时考核'],
    ],
  },
  {
    code: 'eval_grade',
    name: '考核等级',
    items: [
      ['A', '优秀'],
      ['B', '良好'],
      ['C', '合格'],
      ['D', '待改进'],
    ],
  },
];

/** Grade texts by value (notices); the bounds are the `grade` field's compute in evaluation.json. */
export const GRADE_TEXT: Readonly<Record<string, string>> = { A: '优秀', B: '良好', C: '合格', D: '待改进' };

/** The grade of a total: 优秀 90 and above, 良好 80, 合格 60, 待改进 below 60 (the demo's copy). */
export function gradeOf(total: number): string {
  return total >= 90 ? 'A' : total >= 80 ? 'B' : total >= 60 ? 'C' : 'D';
}

/** The to-do kinds of the module's two sources (dictionary todo_kind). */
export const EVAL_TODO_KINDS: [value: string, text: string][] = [
  ['evalSelf', '考核自评'],
  ['evalScore', '考核评分'],
];
