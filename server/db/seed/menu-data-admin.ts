import { ADMIN_ONLY, ALL, AN, button, group, hiddenPage, page, type MenuSeed } from './menu-types.js';

const A = ADMIN_ONLY;

/** System administration, monitoring and the online (low-code) facility. */
export const ADMIN_MENUS: MenuSeed[] = [
  group('system', '系统管理', '/system', 'SettingOutlined', [
    page('system.user', '用户管理', '/system/user', 'declared/user', A, {
      buttons: [
        // The admin view of users (contact data, roles); other signed-in users get the directory columns.
        button('user:list', '查看用户', A),
        button('user:add', '添加用户', A),
        button('user:edit', '编辑用户', A),
        button('user:delete', '删除用户', A),
        button('user:import', '导入用户', A),
        button('user:export', '导出用户', A),
        button('user:frozen', '冻结用户', A),
        button('user:resetPassword', '重置密码', A, { permsType: '2' }),
        // Off until a flow engine user directory exists to sync with.
        button('user:sync', '同步流程用户', A, { status: '0' }),
      ],
    }),
    page('system.role', '角色管理', '/system/role', 'declared/role', A, {
      buttons: [
        button('role:list', '查看角色', A),
        button('role:add', '新增角色', A),
        button('role:edit', '编辑角色', A),
        button('role:delete', '删除角色', A),
        button('role:export', '导出角色', A),
        button('role:authorize', '角色授权', A),
        button('role:users', '角色用户', A),
      ],
    }),
    page('system.depart', '部门管理', '/system/depart', 'declared/depart', A, {
      buttons: [
        button('depart:list', '查看部门', A),
        button('depart:add', '新增部门', A),
        button('depart:edit', '编辑部门', A),
        button('depart:delete', '删除部门', A),
        button('depart:permission', '部门权限', A),
        button('depart:roles', '部门角色', A),
      ],
    }),
    page('system.tenant', '租户管理', '/system/tenant', 'declared/tenant', A),
    page('system.permission', '菜单权限', '/system/permission', 'declared/permission', A, {
      buttons: [
        button('permission:list', '查看菜单', A),
        button('permission:add', '新增菜单', A),
        button('permission:edit', '编辑菜单', A),
        button('permission:delete', '删除菜单', A),
        button('permission:dataRule', '数据规则', A),
      ],
    }),
    page('system.position', '职务管理', '/system/position', 'declared/position', A, {
      buttons: [button('position:add', '新增职务', A), button('position:authorization', '职务授权', A)],
    }),
    page('system.dict', '数据字典', '/system/dict', 'declared/dict', A, {
      buttons: [
        button('dict:add', '新增字典', A),
        button('dict:edit', '编辑字典', A),
        button('dict:delete', '删除字典', A),
      ],
    }),
    page('system.category', '分类字典', '/system/category', 'declared/category', A),
    page('system.config', '系统配置', '/system/config', 'declared/sysConfig', A),
    page('system.gateway', '网关路由', '/system/gatewayRoute', 'declared/gatewayRoute', A),
    page('system.transitTarget', '转发目标', '/system/transitTarget', 'declared/transitTarget', A, {
      buttons: [
        button('transitTarget:list', '查看转发目标', A),
        button('transitTarget:add', '新增转发目标', A),
        button('transitTarget:edit', '编辑转发目标', A),
        button('transitTarget:delete', '删除转发目标', A),
        // Who may call /sys/common/transitRESTful at all (only to the targets above).
        button('transit:forward', '调用转发接口', A),
      ],
    }),
    page('system.online', '在线用户', '/system/onlineUser', 'declared/onlineUser', A, {
      buttons: [button('online:list', '查看在线用户', A), button('online:forceLogout', '强制退出', A)],
    }),
    page('system.job', '定时任务', '/system/quartzJob', 'declared/quartzJob', A, {
      buttons: [button('quartzJob:add', '新增任务', A), button('quartzJob:pause', '暂停任务', A)],
    }),
    // Also declared in schemas/system/quartz-job-log.json's `menu` (for databases seeded before it).
    page('system.jobLog', '任务日志', '/system/quartzJobLog', 'declared/quartzJobLog', A, {
      icon: 'FieldTimeOutlined',
    }),
    page('system.dataSource', '数据源管理', '/system/dataSource', 'declared/dataSource', A),
    group(
      'system.log',
      '日志管理',
      '/system/log',
      undefined,
      [
        page('system.log.login', '登录日志', '/system/log/login', 'declared/loginLog', A),
        page('system.log.operation', '操作日志', '/system/log/operation', 'declared/operationLog', A),
      ],
      // One pair of codes for both logs: they are one table and one /sys/log/list.
      { buttons: [button('log:list', '查看日志', A), button('log:delete', '删除日志', A)] },
    ),
    page('system.announcement', '通知公告', '/system/announcement', 'declared/announcement', A, {
      buttons: [
        button('announcement:add', '新增公告', A),
        button('announcement:release', '发布公告', A),
        button('announcement:revoke', '撤销公告', A),
      ],
    }),
    page('system.icon', '图标', '/system/icon', 'system/IconList', A),
    page('system.checkRule', '编码校验规则', '/system/checkRule', 'declared/checkRule', A),
    page('system.fillRule', '填值规则', '/system/fillRule', 'declared/fillRule', A),
  ]),
  group('monitor', '系统监控', '/monitor', 'DashboardOutlined', [
    page('monitor.disk', '磁盘监控', '/monitor/disk', 'modules/monitor/DiskMonitoring', A),
    page('monitor.httpTrace', '请求追踪', '/monitor/httpTrace', 'modules/monitor/HttpTrace', A),
    page('monitor.jvm', 'JVM信息', '/monitor/jvm', 'modules/monitor/JvmInfo', A),
    page('monitor.redisInfo', 'Redis信息', '/monitor/redisInfo', 'modules/monitor/RedisInfo', A),
    page('monitor.redisTerminal', 'Redis终端', '/monitor/redisTerminal', 'modules/monitor/RedisTerminal', A),
    page('monitor.systemInfo', '系统信息', '/monitor/systemInfo', 'modules/monitor/SystemInfo', A),
    page('monitor.tomcat', 'Tomcat信息', '/monitor/tomcat', 'modules/monitor/TomcatInfo', A),
  ]),
  group('online', '在线开发', '/online', 'CloudOutlined', [
    // The online form designer (docs/modules/online-forms.md): the designed declarations' list.
    page('online.cgform', 'Online表单开发', '/online/cgform', 'declared/cgformHead', A, {
      buttons: [
        button('cgform:list', '查看在线表单', A),
        button('cgform:add', '新增在线表单', A),
        button('cgform:edit', '编辑在线表单', A),
        button('cgform:menu', '生成菜单', A),
      ],
    }),
    page('online.cgreport', 'Online报表配置', '/online/cgreport', 'declared/reportHead', [AN], {
      buttons: [
        button('report:list', '查看报表', [AN]),
        button('report:add', '新建报表', [AN]),
        button('report:edit', '修改报表', [AN]),
        button('report:delete', '删除报表', [AN]),
      ],
    }),
    page('online.reportTable', '报表数据集', '/online/reportTable', 'declared/reportTable', A, {
      buttons: [button('report:dataset', '维护报表数据集', A)],
    }),
    // The generated screens: everybody may open one a menu links to; the designers above stay admin's.
    hiddenPage(
      'online.autoList',
      '在线表单列表',
      '/online/cgformList/:code',
      'modules/online/cgform/auto/OnlCgformAutoList',
      ALL,
    ),
    hiddenPage(
      'online.treeList',
      '在线树表单',
      '/online/cgformTreeList/:code',
      'modules/online/cgform/auto/OnlCgformTreeList',
      ALL,
    ),
    hiddenPage(
      'online.erpList',
      '在线ERP表单',
      '/online/cgformErpList/:code',
      'modules/online/cgform/auto/erp/OnlCgformErpList',
      ALL,
    ),
    hiddenPage(
      'online.innerTableList',
      '在线内嵌子表',
      '/online/cgformInnerTableList/:code',
      'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
      ALL,
    ),
    hiddenPage(
      'online.tabList',
      '在线Tab表单',
      '/online/cgformTabList/:code',
      'modules/online/cgform/auto/tab/OnlCgformTabList',
      ALL,
    ),
    hiddenPage(
      'online.copyForm',
      '表单复制',
      '/online/copyform/:code',
      'modules/online/cgform/OnlCgformCopyList',
      A,
    ),
    hiddenPage(
      'online.report',
      '在线报表',
      '/online/cgreport/:code',
      'modules/online/cgreport/auto/OnlCgreportAutoList',
      ALL,
      {
        componentName: 'onlineAutoList',
      },
    ),
  ]),
];
