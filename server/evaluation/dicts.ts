/**
 * The evaluation module's dictionaries (schemas/evaluation: 考核模板), seeded with a new database;
 * migration 0018 writes the same values out for a database seeded earlier.
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
];
