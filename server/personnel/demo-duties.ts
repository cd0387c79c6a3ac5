/** The demo duties of the seeded positions: each a summary and its versions, oldest first. */
export const DUTIES: Record<string, { summary: string; versions: string[] }> = {
  general_manager: {
    summary: '全面负责中心的经营管理与战略规划',
    versions: [
      '<ol><li>主持中心日常经营管理工作</li><li>制定年度经营目标并组织实施</li></ol>',
      '<ol><li>主持中心日常经营管理工作</li><li>制定年度经营目标并组织实施</li><li>审批重大接待与项目事项</li></ol>',
      '<ol><li>主持中心日常经营管理工作</li><li>制定年度经营目标并组织实施</li><li>审批重大接待与项目事项</li><li>负责对外合作与重要客户关系</li></ol>',
    ],
  },
  dept_manager: {
    summary: '负责本部门的计划、人员与考核',
    versions: [
      '<ol><li>制定部门工作计划</li><li>组织部门人员完成各项任务</li></ol>',
      '<ol><li>制定部门工作计划并跟踪落实</li><li>组织部门人员完成各项任务</li><li>负责部门绩效考核与人员培养</li></ol>',
    ],
  },
  project_manager: {
    summary: '负责项目从立项到验收的全过程管理',
    versions: [
      '<ol><li>编制项目计划</li><li>协调项目资源</li><li>控制项目进度与质量</li></ol>',
      '<ol><li>编制项目计划与预算</li><li>协调项目资源与干系人</li><li>控制项目进度、质量与风险</li><li>组织项目验收与总结</li></ol>',
    ],
  },
  engineer: {
    summary: '负责系统与设备的研发、实施与运维',
    versions: [
      '<ol><li>按需求完成开发与测试</li><li>参与系统部署</li></ol>',
      '<ol><li>按需求完成开发与测试</li><li>参与系统部署与升级</li><li>处理运维工单，保障系统稳定</li></ol>',
    ],
  },
  clerk: {
    summary: '负责行政、人事等事务性工作',
    versions: [
      '<ol><li>文件收发与归档</li><li>办公用品管理</li></ol>',
      '<ol><li>文件收发与归档</li><li>办公用品与固定资产管理</li><li>协助人事档案与合同管理</li></ol>',
      '<ol><li>文件收发与归档</li><li>办公用品与固定资产管理</li><li>协助人事档案与合同管理</li><li>会议室与车辆的预约协调</li></ol>',
    ],
  },
  receptionist: {
    summary: '负责来访接待、引导与讲解服务',
    versions: [
      '<ol><li>来访登记与引导</li><li>展厅讲解</li></ol>',
      '<ol><li>来访登记与引导</li><li>展厅讲解与设备开启</li><li>接待满意度回访</li></ol>',
    ],
  },
};
