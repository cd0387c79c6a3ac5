/**
 * Notice categories and their codes (spec 001 section 2: 4-8), and 流程审批 (9, ours: the spec has
 * no approval category); all of them selected sends an empty filter.
 */
export const NOTICE_CATEGORIES = [
  { value: '4', label: '每日工作' },
  { value: '5', label: '项目管理' },
  { value: '6', label: '工单派发' },
  { value: '7', label: '绩效考核' },
  { value: '8', label: '项目计划' },
  { value: '9', label: '流程审批' },
] as const;

export function categoryFilter(selected: readonly string[]): string[] {
  const all = NOTICE_CATEGORIES.every((c) => selected.includes(c.value));
  return all ? [] : NOTICE_CATEGORIES.map((c) => c.value).filter((v) => selected.includes(v));
}
