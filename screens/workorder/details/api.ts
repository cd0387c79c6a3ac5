/** The calls of the work-order details page (docs/modules/workorder.md, "Details page"). */
export const DetailsUrls = {
  /** The work order's generated routes (queryById, transitions under `/<name>`). */
  order: '/sys/workOrder',
  /** The order's timeline, oldest first, opened by its creation. */
  timeline: '/sys/workOrderDynamic/queryById',
  /** A note with attachments on the timeline (`?orderSubId=` ties it to a sub-order). */
  saveNote: '/sys/workOrder/saveOrderDynamic',
  /** The person in charge a 催办 goes to (server/workorder/details-routes.ts). */
  urgeTarget: '/sys/workOrder/urgeTarget',
  urge: '/sys/notice/urge',
  subList: '/sys/workOrderSub/list',
} as const;

/** Where 返回 goes when the page was opened directly (a reminder, a pasted address). */
export const FALLBACK_PATH = '/workOrder/myCharge';

/** The visible texts of the page. */
export const DetailsText = {
  back: '返回',
  missingId: '缺少工单编号',
  missingIdHint: '请从工单列表或消息中打开工单详情',
  notFound: '工单不存在或已被删除',
  overdue: '已逾期',
  content: '工单内容',
  noContent: '暂无内容',
  attachments: '附件',
  subOrders: '子工单',
  timeline: '工单动态',
  addNote: '添加动态',
  notePlaceholder: '填写处理情况、进展或说明（可选，与附件至少填一项）',
  noteSubmit: '提交',
  noteSub: '关联子工单',
  noteSubPlaceholder: '不关联子工单',
  remark: '处理意见',
  remarkPlaceholder: '可选，将记录在工单动态中',
  urge: '催办',
  urgeTitle: '催办工单',
  urgeContent: '催办内容',
  urgeTo: '催办对象',
  ok: '确定',
  cancel: '取消',
  empty: '-',
} as const;
