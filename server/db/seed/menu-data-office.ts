import { ADMIN_ONLY, ALL, button, group, hiddenPage, MGR, page, type MenuSeed } from './menu-types.js';

/** Documents, approvals, office, personnel, messages, customers, scenes, versions and statistics. */
export const OFFICE_MENUS: MenuSeed[] = [
  group('document', '文档管理', '/document', 'FolderOpenOutlined', [
    page('document.list', '文档', '/document/list', 'declared/document', ALL, {
      buttons: [
        button('document:add', '新增文档', MGR),
        button('document:edit', '编辑文档', MGR),
        button('document:download', '下载文档', ALL),
        button('document:delete', '删除文档', ADMIN_ONLY),
        // Switched off: printing is open to everybody until the print audit is built.
        button('document:print', '打印文档', MGR, { status: '0' }),
      ],
    }),
    page('document.template', '模板', '/document/template', 'declared/template', MGR, {
      buttons: [
        button('template:add', '新增模板', MGR),
        button('template:edit', '编辑模板', MGR),
        button('template:delete', '删除模板', MGR),
      ],
    }),
    page('document.classify', '文档分类', '/document/classify', 'declared/documentClassify', MGR, {
      buttons: [
        button('documentClassify:add', '新增分类', MGR),
        button('documentClassify:edit', '编辑分类', MGR),
        button('documentClassify:delete', '删除分类', MGR),
      ],
    }),
    page('document.files', '文件列表', '/document/files', 'declared/documentRecord', ALL),
    page('document.power', '文档授权', '/document/power', 'declared/documentPower', ADMIN_ONLY),
  ]),
  group('flow', '流程审批', '/flow', 'ApartmentOutlined', [
    page('flow.model', '流程模型', '/flow/model', 'declared/flowModel', ADMIN_ONLY, {
      buttons: [
        button('flowModel:list', '查看流程模型', ADMIN_ONLY),
        button('flowModel:add', '新建模型', ADMIN_ONLY),
        button('flowModel:edit', '设计模型', ADMIN_ONLY),
        button('flowModel:delete', '删除模型', ADMIN_ONLY),
      ],
    }),
    page('flow.deploy', '流程部署', '/flow/deploy', 'declared/flowDefinition', ADMIN_ONLY, {
      buttons: [
        button('flowDefinition:deploy', '部署流程', ADMIN_ONLY),
        button('flowDefinition:suspend', '挂起流程', ADMIN_ONLY),
        button('flowDefinition:activate', '激活流程', ADMIN_ONLY),
      ],
    }),
    page('flow.instance', '流程实例', '/flow/instance', 'declared/flowMonitor?type=1', MGR, {
      buttons: [
        button('flowMonitor:list', '查看流程实例', MGR),
        button('flowMonitor:terminate', '终止流程', ADMIN_ONLY),
        button('flowMonitor:reassign', '转派任务', ADMIN_ONLY),
        button('flowMonitor:urge', '催办（管理员）', ADMIN_ONLY),
      ],
    }),
    page('flow.history', '流程历史', '/flow/history', 'declared/flowMonitor?type=2', MGR),
    page('flow.todo', '我的待办', '/flow/todo', 'declared/flowTask?type=1', ALL, {
      buttons: [
        button('flowTask:approve', '同意', ALL),
        button('flowTask:reject', '驳回', ALL),
        button('flowTask:copy', '抄送', ALL),
      ],
    }),
    page('flow.done', '我的已办', '/flow/done', 'declared/flowTask?type=2', ALL),
    page('flow.mySend', '我发起的', '/flow/mySend', 'declared/flowInstance', ALL, {
      buttons: [
        button('flowInstance:withdraw', '撤回流程', ALL),
        button('flowInstance:urge', '催办流程', ALL),
      ],
    }),
    // Slice 5b (docs/modules/workflow.md); migration 0044 for older databases.
    page('flow.copy', '我的抄送', '/flow/copy', 'declared/flowCopy', ALL),
    page('flow.urge', '催办记录', '/flow/urge', 'declared/flowUrge', ALL, {
      buttons: [button('flowUrge:all', '查看全部催办', ADMIN_ONLY)],
    }),
    page('flow.stats', '我的流程统计', '/flow/stats', 'declared/flowStats', ALL),
    page('flow.exception', '流程异常', '/flow/exception', 'declared/flowException', ADMIN_ONLY, {
      buttons: [
        button('flowException:list', '查看流程异常', ADMIN_ONLY),
        button('flowException:retry', '重试', ADMIN_ONLY),
        button('flowException:assign', '指派', ADMIN_ONLY),
        button('flowException:ignore', '忽略', ADMIN_ONLY),
      ],
    }),
    page('flow.leave', '请假', '/flow/leave', 'declared/leave?type=1', ALL, {
      buttons: [button('leave:add', '请假申请', ALL), button('leave:list', '查看全部请假', ADMIN_ONLY)],
    }),
    hiddenPage('flow.details', '流程详情', '/flow/details', 'modules/work/FlowDetails', ALL),
  ]),
  group('office', '办公管理', '/office', 'DesktopOutlined', [
    group('office.mail', 'OA邮件', '/office/mail', undefined, [
      // Declared (schemas/mail): 收件箱 / 已发送 / 已删除 as tabs; 写邮件 is the drafts list.
      page('office.mail.inbox', '收件箱', '/office/mail/inbox', 'declared/mailBox', ALL, {
        buttons: [button('mail:box', '查看信箱', ALL)],
      }),
      page('office.mail.write', '写邮件', '/office/mail/write', 'declared/mail', ALL, {
        buttons: [button('mail:write', '写邮件', ALL)],
      }),
    ]),
    // Declared requests with approval (docs/modules/office.md); migration 0031 for older databases.
    page('office.supplies', '办公用品申领', '/office/supplies', 'declared/officeRequest?type=1', ALL, {
      buttons: [
        button('officeRequest:add', '申领办公用品', ALL),
        button('officeRequest:all', '查看全部申领', ADMIN_ONLY),
        button('officeRequest:export', '导出申领单', ADMIN_ONLY),
      ],
    }),
    // Declared borrow requests with approval (docs/modules/office.md, Equipment); migration 0036 for older databases.
    page('office.equipment', '设备申领', '/office/equipment', 'declared/equipmentBorrow?type=1', ALL, {
      buttons: [
        button('equipmentBorrow:add', '申请借用设备', ALL),
        button('equipmentBorrow:all', '查看全部借用', ADMIN_ONLY),
        button('equipmentBorrow:export', '导出借用单', ADMIN_ONLY),
      ],
    }),
    group('office.vehicle', '车辆管理', '/office/vehicle', undefined, [
      // Declared (schemas/vehicle, docs/modules/vehicles.md); migration 0037 for older databases. 车辆登记,
      // 用车申请, 加油记录 and 油耗统计 make their own rows at start (their declarations' menu).
      page('office.vehicle.repair', '车辆维修', '/office/vehicle/repair', 'declared/vehicleMaintenance', MGR),
      page(
        'office.vehicle.insurance',
        '车辆保险',
        '/office/vehicle/insurance',
        'declared/vehicleInsurance',
        MGR,
      ),
      page('office.vehicle.annual', '车辆年检', '/office/vehicle/annual', 'declared/vehicleInspection', MGR),
    ]),
  ]),
  group('personnel', '人事管理', '/personnel', 'IdcardOutlined', [
    // Declared (schemas/personnel); the role hr (made by the demo or an admin) gets the HR buttons.
    page('personnel.list', '人员档案', '/personnel/list', 'declared/personnelFile', ALL, {
      buttons: [
        button('personnel:all', '查看全部档案', MGR),
        button('personnel:add', '新增档案', ADMIN_ONLY),
        button('personnel:edit', '编辑档案', ADMIN_ONLY),
        button('personnel:delete', '删除档案', ADMIN_ONLY),
        button('personnel:export', '导出档案', MGR),
        button('personnel:import', '导入档案', ADMIN_ONLY),
        // A field rule: ID number, address, salary grade and emergency contact only for its holders.
        button('personnel:private', '查看隐私字段', ADMIN_ONLY),
      ],
    }),
    page('personnel.duty', '岗位职责', '/personnel/positionDuty', 'declared/positionDuty', ALL, {
      buttons: [
        button('positionDuty:add', '新增岗位职责', ADMIN_ONLY),
        button('positionDuty:edit', '编辑岗位职责', ADMIN_ONLY),
        button('positionDuty:delete', '删除岗位职责', ADMIN_ONLY),
      ],
    }),
    hiddenPage(
      'personnel.dutyHistory',
      '岗位职责历史',
      '/personnel/positionDutyHistory',
      'declared/positionDutyHistory',
      ALL,
    ),
  ]),
  group(
    'message',
    '消息中心',
    '/message',
    'MessageOutlined',
    [
      page('message.mine', '我的消息', '/modules/message/myMessage', 'modules/message/MyMessage', ALL),
      page('message.system', '系统消息', '/message/system', 'declared/sys-message', MGR),
      page('message.template', '消息模板', '/message/template', 'declared/message-template', ADMIN_ONLY),
      page('message.supervise', '督办', '/message/supervise', 'declared/supervise', MGR),
    ],
    // Staff have only one entry here; alwaysShow keeps it a group rather than a lone item.
    { alwaysShow: true },
  ),
  group('customer', '客户与通讯录', '/customer', 'ContactsOutlined', [
    page('customer.list', '客户管理', '/customer/list', 'declared/customer', MGR, {
      buttons: [
        button('customer:add', '新增客户', MGR),
        button('customer:edit', '编辑客户', MGR),
        button('customer:delete', '删除客户', ADMIN_ONLY),
      ],
    }),
    // Customers' people by department and post (schemas/project/customer-resource.json).
    page('customer.resource', '客户联系人', '/customer/resource', 'declared/customerResource', MGR, {
      buttons: [
        button('resource:add', '新增客户联系人', MGR),
        button('resource:edit', '编辑客户联系人', MGR),
        button('resource:delete', '删除客户联系人', MGR),
        button('resource:export', '导出客户联系人', MGR),
      ],
    }),
    page('customer.mailList', '通讯录', '/customer/mailList', 'declared/mailList', ALL, {
      buttons: [button('mailList:add', '新增联系人', MGR)],
    }),
  ]),
  group('scene', '场景管理', '/scene', 'AppstoreOutlined', [
    page('scene.list', '场景列表', '/scene/list', 'declared/scene', MGR, {
      buttons: [
        button('scene:add', '新增场景', MGR),
        button('scene:startUse', '启用场景', MGR),
        button('scene:stopUse', '停用场景', MGR),
      ],
    }),
  ]),
  group('version', '版本管理', '/version', 'TagsOutlined', [
    page('version.list', '版本列表', '/version/list', 'declared/version', ADMIN_ONLY, {
      buttons: [button('version:add', '新增版本', ADMIN_ONLY)],
    }),
    page('version.reminder', '版本提醒', '/version/reminder', 'declared/versionReminder', ADMIN_ONLY),
  ]),
  group('statistics', '统计分析', '/statistics', 'BarChartOutlined', [
    // Declared (schemas/work): per-person counts and the board by department (docs/modules/daily-work.md).
    page('statistics.work', '统计工作', '/statistics/work', 'declared/workPeople', MGR),
    page('statistics.board', '工作看板', '/statistics/board', 'declared/workBoard', MGR),
  ]),
];
