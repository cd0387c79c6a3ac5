/**
 * The work module's dictionaries (schemas/work); migration 0022 writes the same values out for
 * every database (a shipped migration never imports them).
 */
export const WORK_ITEM_STATUS: Readonly<Record<string, string>> = {
  '0': '待开始',
  '1': '进行中',
  '2': '已完成',
  '3': '已取消',
};

export const WORK_ITEM_TYPE: Readonly<Record<string, string>> = {
  '1': '日常工作',
  '2': '部门工作',
  '3': '例行工作',
};

export const WEEKLY_STATUS: Readonly<Record<string, string>> = {
  '0': '草稿',
  '1': '已提交',
  '9': '未提交',
};

/** The to-do kind of work items (todo_kind dictionary). */
export const WORK_TODO_KIND: [string, string] = ['workItem', '工作事项'];
