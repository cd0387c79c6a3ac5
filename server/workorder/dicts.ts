/**
 * The work-order module's dictionaries (seeded with a new database, next to the declared screens'
 * ones). work_order_status and urgent_level belong to the foundation seed (server/db/seed/dicts.ts).
 */
export const WORK_ORDER_DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'work_order_type',
    name: '工单类型',
    items: [
      ['1', '接待服务'],
      ['2', '会务保障'],
      ['3', '设备维修'],
      ['4', '后勤保障'],
      ['5', '信息化支持'],
      ['6', '行政事务'],
      ['9', '其他'],
    ],
  },
  {
    code: 'work_order_sub_status',
    name: '子工单状态',
    items: [
      ['0', '待处理'],
      ['1', '已完成'],
    ],
  },
  {
    // What a timeline entry records: the transitions by name, plus creation and free notes.
    code: 'work_order_action',
    name: '工单动态类型',
    items: [
      ['create', '创建并派发'],
      ['accept', '接收'],
      ['finish', '完成'],
      ['withdraw', '撤回'],
      ['dispatch', '重新派发'],
      ['close', '关闭'],
      ['reopen', '重新打开'],
      ['subFinish', '子工单完成'],
      ['note', '处理记录'],
    ],
  },
  {
    // What the one to-do source lists (server/todo/): each module's kinds; approvals join later.
    code: 'todo_kind',
    name: '待办类型',
    items: [
      ['workOrder', '工单'],
      ['workOrderSub', '子工单'],
    ],
  },
];
