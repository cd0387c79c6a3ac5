/** The project page's words and the calls it makes. */
export const PageText = {
  back: '返回',
  missingId: '缺少项目参数，无法打开项目',
  notFound: '项目不存在或已被删除',
  refused: '无权查看该项目',
  fallbackPath: '/project/list',
  tabInfo: '项目信息',
  tabContacts: '联系人',
  tabDemands: '需求',
  tabMembers: '项目成员',
  contacts: '项目联系人',
  demands: '项目需求',
  manager: '项目经理',
  member: '成员',
  description: '项目描述',
  noDescription: '暂无描述',
  noAttachments: '暂无附件',
  ok: '确定',
  cancel: '取消',
  edit: '编辑项目',
} as const;

export const PageUrls = {
  project: '/sys/project/getProjectById',
} as const;

/** The stage flow's words (StageFlow, StageNode, 项目流程图, 节点详情) and its calls. */
export const StageText = {
  tab: '阶段流程',
  tabPlans: '计划',
  tabOrders: '工单',
  plans: '项目计划',
  orders: '项目工单',
  notStarted: '项目尚未启动，启动后显示阶段流程',
  current: '当前阶段',
  advance: '推进阶段',
  advanceTitle: (node: string) => `完成「${node}」，进入下一阶段`,
  comment: '阶段说明（选填）',
  advanced: '阶段已推进',
  nodeDetails: '节点详情',
  template: '节点内容',
  noTemplate: '该节点暂无内容模板',
  requiredFiles: '需提交的文件',
  uploadFirst: (files: string) => `推进本阶段前请至少上传一个文件（${files}）`,
  files: '节点文件',
  history: '阶段记录',
  status: { done: '已完成', current: '进行中', pending: '未到达' } as Record<string, string>,
  flowChart: '项目流程',
  templates: '节点模板',
  search: '搜索项目名称或编号',
  pick: '请选择左侧的项目',
  openProject: '项目主页',
  missing: '缺少项目或节点参数',
} as const;

export const StageUrls = {
  diagram: '/sys/project/stageDiagram',
  power: '/sys/project/queryPower',
  nodes: '/oa/nodeContentTemplate/queryByProcInsId',
  advance: '/sys/project/advanceStage',
  projects: '/sys/project/queryAll',
  nodeDetails: '/project/nodeDetails',
} as const;

/** 权限 (per-project rights), 修改成员, 催办 and 退回 of a stage: words and calls. */
export const RightsText = {
  tab: '权限',
  intro: '项目经理与成员之外，可按人授予本项目的权限；任何授权都包含“查看”。',
  person: '人员',
  view: '查看',
  edit: '编辑',
  advance: '推进阶段',
  members: '管理成员',
  grantedBy: '授权人',
  grantedAt: '授权时间',
  actions: '操作',
  revoke: '取消授权',
  revokeConfirm: '确定取消该人员在本项目的全部权限？',
  add: '添加授权',
  grant: '授权',
  pickUser: '请选择人员',
  none: '暂无授权',
  readOnly: '只有项目经理可以授权',
  editMembers: '修改成员',
  membersTitle: '修改项目成员',
  searchUser: '输入姓名或账号搜索',
} as const;

export const StageMoreText = {
  urge: '催办',
  urgeTitle: (node: string) => `催办「${node}」阶段`,
  urgeTo: '催办对象',
  waited: '已等待',
  since: '开始于',
  urgeContent: '催办内容（选填）',
  lastUrges: '最近催办',
  noUrges: '暂无催办记录',
  returnStage: '退回阶段',
  returnTitle: (node: string) => `退回「${node}」`,
  returnTo: '退回到',
  returnReason: '退回原因',
  reasonRequired: '请填写退回原因',
  previous: '上一阶段',
} as const;

export const RightsUrls = {
  grant: '/sys/project/createOrUpdatePermission',
  revoke: '/sys/project/deletePermission',
  members: '/sys/project/updateMembers',
  urgeInfo: '/sys/project/queryUrgeInfo',
  urge: '/sys/project/urgeStage',
  returnTargets: '/sys/project/returnTargets',
  returnStage: '/sys/project/returnStage',
} as const;
