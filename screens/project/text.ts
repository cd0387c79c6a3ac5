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
  ok: '确定',
  cancel: '取消',
  edit: '编辑项目',
} as const;

export const PageUrls = {
  project: '/sys/project/getProjectById',
} as const;
