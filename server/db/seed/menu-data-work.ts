import { ALL, button, group, hiddenPage, MGR, page, ADMIN_ONLY, type MenuSeed } from './menu-types.js';

/** Daily work, work orders, meetings, projects, plans, demands and evaluations. */
export const WORK_MENUS: MenuSeed[] = [
  group(
    'home',
    '每日工作',
    '/HomePage',
    'HomeOutlined',
    [
      // The workbench is the first, unclosable tab; keepAlive keeps its lists when the user switches tabs.
      page('home.workbench', '工作台', '/HomePage/index', 'dashboard/Workbench', ALL, {
        keepAlive: true,
        icon: 'DesktopOutlined',
      }),
      // Everyone's own 待办 / 已办 over every to-do source (schemas/workorder/todo-item.json, server/todo/).
      page('home.todo', '待办中心', '/HomePage/todoCenter', 'declared/todoItem', ALL),
      // Daily, department and routine work and weekly reports: schemas/work (docs/modules/daily-work.md).
      // 日常工作 is the user's own items (scope type=1), 部门工作 their department's and below (type=2).
      page('home.daily', '日常工作', '/HomePage/dailyWork', 'declared/workItem?type=1', ALL, {
        buttons: [
          button('workItem:add', '新增工作', ALL),
          button('workItem:deal', '处理工作', ALL),
          button('workItem:list', '查看全部工作', ADMIN_ONLY),
        ],
      }),
      page('home.depart', '部门工作', '/HomePage/departWork', 'declared/workItem?type=2', MGR, {
        buttons: [button('workItem:depart', '查看部门工作', MGR), button('workItem:assign', '安排工作', MGR)],
      }),
      page('home.weekly', '周工作汇报', '/HomePage/weeklyWork', 'declared/weeklyReport?type=1', ALL, {
        buttons: [
          button('weeklyReport:add', '填写周报', ALL),
          button('weeklyReport:list', '查看全部周报', ADMIN_ONLY),
        ],
      }),
      // 我的周报 / 团队周报 as tabs; the second only for holders of weeklyReport:team.
      page('home.weeklyHistory', '周报历史', '/HomePage/weeklyHistory', 'declared/weeklyReport', ALL, {
        buttons: [button('weeklyReport:team', '查看团队周报', MGR)],
      }),
      hiddenPage(
        'home.noticeDetails',
        '通知详情',
        '/HomePage/noticedetails',
        'modules/notice/NoticeDetails',
        ALL,
      ),
      hiddenPage(
        'home.workOrderDetails',
        '工单详情',
        '/HomePage/DistributedDetails/details',
        'modules/workOrder/WorkOrderDetails',
        ALL,
      ),
      // Who of the team has (not) sent this week's report (schemas/work/weekly-team.json).
      page('home.weeklyTeam', '团队周报', '/HomePage/weeklyTeam', 'declared/weeklyTeam', MGR),
      page('home.routine', '例行工作', '/HomePage/routineWork', 'declared/routineWork?type=1', MGR, {
        buttons: [
          button('routineWork:list', '查看例行工作', MGR),
          button('routineWork:add', '新增例行工作', MGR),
          button('routineWork:edit', '编辑例行工作', MGR),
          button('routineWork:delete', '删除例行工作', MGR),
          button('routineWork:export', '导出例行工作', MGR),
          button('routineWork:generate', '立即生成', MGR),
        ],
      }),
    ],
    { redirect: '/HomePage/index' },
  ),
  group('workOrder', '工单管理', '/workOrder', 'FileDoneOutlined', [
    // One declared list (schemas/workorder/work-order.json); the "my" entries pick its scope ?type=1/2/3.
    page('workOrder.all', '全部工单', '/workOrder/list', 'declared/workOrder', MGR, {
      buttons: [
        button('workOrder:list', '查看全部工单', MGR),
        button('workOrder:add', '新建工单', ALL),
        button('workOrder:edit', '编辑工单', MGR),
        button('workOrder:delete', '删除工单', MGR),
        button('workOrder:export', '导出工单', MGR),
        button('workOrder:urge', '催办', MGR),
      ],
    }),
    page('workOrder.charge', '我负责的', '/workOrder/myCharge', 'declared/workOrder?type=1', ALL, {
      // Disabled rather than hidden: staff see the action exists but may lack the right on old orders.
      buttons: [button('workOrder:deal', '处理工单', ALL, { permsType: '2' })],
    }),
    page('workOrder.launch', '我发起的', '/workOrder/myLaunch', 'declared/workOrder?type=2', ALL),
    page('workOrder.partake', '我参与的', '/workOrder/myPartake', 'declared/workOrder?type=3', ALL),
    page(
      'workOrder.statistics',
      '工单统计',
      '/workOrder/statistics',
      'modules/workOrder/WorkOrderStatistics',
      MGR,
    ),
    page('workOrder.chart', '工单图表', '/workOrder/chart', 'modules/workOrder/WorkOrderChart', MGR),
  ]),
  group('meeting', '会议管理', '/meeting', 'TeamOutlined', [
    // The meetings one attends, with 签到 (docs/modules/meetings.md, migration 0033).
    page('meeting.mine', '我的会议', '/meeting/mine', 'declared/meeting?type=1', ALL, {
      buttons: [button('meeting:signIn', '会议签到', ALL)],
    }),
    hiddenPage('meeting.attendance', '签到情况', '/meeting/attendance', 'declared/meetingAttendance', MGR),
    // Declared (schemas/meeting): meetings with their agenda and minutes, saved together.
    page('meeting.list', '会议列表', '/meeting/list', 'declared/meeting', MGR, {
      buttons: [
        button('meeting:add', '新建会议', MGR),
        button('meeting:edit', '编辑会议', MGR),
        button('meeting:delete', '删除会议', MGR),
        button('meeting:export', '导出会议', MGR),
      ],
    }),
    page('meeting.room', '会议室管理', '/meeting/room', 'declared/meetingRoom', MGR, {
      buttons: [
        button('meetingRoom:add', '新增会议室', MGR),
        button('meetingRoom:edit', '编辑会议室', MGR),
        button('meetingRoom:delete', '删除会议室', MGR),
      ],
    }),
  ]),
  group('project', '项目管理', '/project', 'ProjectOutlined', [
    // Declared (schemas/project, docs/modules/projects.md): everyone lists the projects they are in.
    page('project.list', '项目列表', '/project/list', 'declared/project', ALL, {
      buttons: [
        button('project:add', '新建项目', MGR),
        button('project:edit', '编辑项目', ALL),
        button('project:start', '启动项目', ALL),
        button('project:suspend', '暂停项目', ALL),
        button('project:close', '关闭项目', ALL),
        button('project:export', '导出项目', MGR),
        button('project:delete', '删除项目', MGR),
        button('project:all', '查看全部项目', MGR),
        button('project:contact', '维护项目联系人', ALL),
        button('project:advance', '推进项目阶段', ALL),
        button('projectNode:upload', '上传节点文件', ALL),
      ],
    }),
    page('project.charge', '我负责的', '/project/myCharge', 'declared/project?type=1', ALL),
    page('project.deleted', '已删除项目', '/project/deletedList', 'declared/projectRecycle', MGR, {
      buttons: [
        button('project:recycle', '查看已删除项目', MGR),
        button('project:restore', '恢复项目', MGR),
        button('project:purge', '彻底删除项目', ADMIN_ONLY),
      ],
    }),
    // The stage flows of the projects the user is in (screens/project/ProjectFlowChart.tsx).
    page('project.flowChart', '项目流程图', '/project/flowChart', 'modules/project/ProjectFlowChart', ALL, {
      buttons: [button('nodeTemplate:edit', '维护节点模板', MGR)],
    }),
    page('project.statistics', '项目统计', '/project/statistics', 'declared/projectStatistics', MGR, {
      buttons: [button('project:statistics', '查看项目统计', MGR)],
    }),
    page('project.load', '人员负荷', '/project/load', 'declared/projectLoad', MGR),
    page('project.workOrder', '项目工单', '/project/workOrder', 'declared/projectWorkOrder', ALL),
    hiddenPage('project.node', '节点详情', '/project/nodeDetails', 'modules/project/NodeDetails', ALL),
    // Staff open the project page from reminders; for them this group holds only hidden pages and is hidden.
    hiddenPage('project.details', '项目详情', '/modules/project/index', 'modules/project/ProjectPage', ALL),
  ]),
  group('plan', '项目计划', '/plan', 'ScheduleOutlined', [
    // Declared (schemas/project/project-plan.json): plans with their tasks, saved together.
    page('plan.all', '全部计划', '/plan/list', 'declared/projectPlan', ALL, {
      buttons: [
        button('plan:add', '新建计划', ALL),
        button('plan:edit', '编辑计划', ALL),
        button('plan:delete', '删除计划', ALL),
        button('plan:gantt', '甘特图', ALL),
        button('plan:import', '导入任务', MGR),
        button('planTask:add', '新增任务', ALL),
        button('planTask:edit', '编辑任务', ALL),
        button('planTask:delete', '删除任务', ALL),
        button('planTask:export', '导出任务', MGR),
        button('planTask:import', '导入任务明细', MGR),
      ],
    }),
    page('plan.mine', '我创建的', '/plan/myCreated', 'declared/projectPlan?type=1', ALL),
    page('plan.recycle', '回收站', '/plan/recycleBin', 'declared/planRecycle', ALL, {
      buttons: [
        button('plan:recycle', '查看计划回收站', ALL),
        button('plan:restore', '恢复计划', ALL),
        button('plan:purge', '彻底删除计划', MGR),
      ],
    }),
    // Declared (schemas/project/plan-task.json): the tasks of every plan the user sees; the task
    // buttons hang under 全部计划 above. A task's and a plan's record pages (`declared/<name>/detail`).
    page('plan.task', '项目任务', '/plan/task', 'declared/planTask', ALL),
    hiddenPage('plan.details', '计划详情', '/plan/details', 'declared/projectPlan/detail', ALL),
    hiddenPage('plan.taskDetails', '任务详情', '/plan/taskDetails', 'declared/planTask/detail', ALL),
  ]),
  group('demand', '需求管理', '/demand', 'BulbOutlined', [
    // Declared (schemas/project/demand.json): the demands of the projects the user is in.
    page('demand.list', '需求列表', '/demand/list', 'declared/demand', ALL, {
      buttons: [
        button('demand:add', '新建需求', ALL),
        button('demand:circulation', '需求流转', ALL),
        button('demand:close', '关闭需求', ALL),
        button('demand:edit', '编辑需求', ALL),
        button('demand:delete', '删除需求', MGR),
        button('demand:export', '导出需求', MGR),
      ],
    }),
    hiddenPage('demand.details', '需求详情', '/demand/details', 'modules/demand/DemandDetails', MGR),
    hiddenPage(
      'demand.feedback',
      '反馈详情',
      '/demand/feedbackDetails',
      'modules/demand/FeedbackDetails',
      MGR,
    ),
  ]),
  group('evaluation', '绩效考核', '/evaluation', 'TrophyOutlined', [
    // Declared (schemas/evaluation, docs/modules/evaluations.md): cycles, evaluations, the ranking.
    page('evaluation.cycle', '考核周期', '/evaluation/cycle', 'declared/evalCycle', MGR, {
      buttons: [
        button('evalCycle:add', '新增考核周期', MGR),
        button('evalCycle:edit', '编辑考核周期', MGR),
        button('evalCycle:delete', '删除考核周期', MGR),
        button('evalCycle:export', '导出考核周期', MGR),
        button('evalCycle:start', '开始考核', MGR),
        button('evalCycle:review', '进入上级评分', MGR),
        button('evalCycle:finish', '结束考核', MGR),
      ],
    }),
    // Declared (schemas/evaluation): templates with their indicators; a row is copied with them.
    page('evaluation.template', '考核模板', '/evaluation/template', 'declared/evalTemplate', MGR, {
      buttons: [
        button('evalTemplate:add', '新增考核模板', MGR),
        button('evalTemplate:edit', '编辑考核模板', MGR),
        button('evalTemplate:delete', '删除考核模板', MGR),
      ],
    }),
    page('evaluation.temporary', '临时考核', '/evaluation/temporary', 'declared/evaluation?type=4', MGR, {
      buttons: [
        button('evaluation:temporary', '新建临时考核', MGR),
        button('evaluation:list', '查看全部考核', ADMIN_ONLY),
      ],
    }),
    // Everyone's own evaluations (自评 here); managers also 待我评分 and 部门考核 as tabs.
    page('evaluation.history', '历史评分', '/evaluation/historyScore', 'declared/evaluation', ALL, {
      buttons: [
        button('evaluation:self', '填写自评', ALL),
        button('evaluation:score', '上级评分', MGR),
        button('evaluation:depart', '查看部门考核', MGR),
      ],
    }),
    page('evaluation.ranking', '考核排名', '/evaluation/ranking', 'declared/evalRanking', MGR),
    // The to-do list's 考核评分 rows open 待我评分; a cycle's 考核明细 opens its evaluations.
    hiddenPage('evaluation.score', '评分详情', '/evaluation/scoreDetails', 'declared/evaluation?type=2', MGR),
    hiddenPage('evaluation.details', '考核详情', '/evaluation/details', 'declared/evaluation?type=3', MGR),
  ]),
];
