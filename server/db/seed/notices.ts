import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { AnnouncementPerms } from '../../notice/announcement-routes.js';
import { resolveRecipients } from '../../notice/recipients.js';
import { noticeDb, type MsgType } from '../../notice/tables.js';
import { URGE_PERMISSION } from '../../notice/urge.js';
import { seedId } from './ids.js';
import { insertButtons } from './entity-buttons.js';
import { departId, roleId, userId } from './organisation.js';

/** Buttons the notice routes need beyond the seeded menu (which has add, release and revoke). */
export const NOTICE_BUTTONS = [
  { menu: 'system.announcement', perms: AnnouncementPerms.list, name: '查看公告', roles: ['admin'] },
  { menu: 'system.announcement', perms: AnnouncementPerms.edit, name: '编辑公告', roles: ['admin'] },
  { menu: 'system.announcement', perms: AnnouncementPerms.delete, name: '删除公告', roles: ['admin'] },
  { menu: 'message.supervise', perms: URGE_PERMISSION, name: '催办', roles: ['admin', 'manager'] },
];

interface AnnouncementSeed {
  key: string;
  titile: string;
  msgContent: string;
  msgCategory: '4' | '5' | '6' | '7' | '8';
  priority: 'L' | 'M' | 'H';
  msgType: MsgType;
  userIds?: string[];
  departIds?: string[];
  roleIds?: string[];
  /** Days before the seed ran that it was released; omitted: a draft. */
  releasedDaysAgo?: number;
  openType?: 'component' | 'url';
  openPage?: string;
}

export const ANNOUNCEMENTS: AnnouncementSeed[] = [
  {
    key: 'daily-plan',
    titile: '关于提交本周工作计划的通知',
    msgContent: '<p>请各位同事于<strong>本周五 17:00</strong> 前在「每日工作」中提交下周工作计划。</p>',
    msgCategory: '4',
    priority: 'M',
    msgType: 'ALL',
    releasedDaysAgo: 3,
  },
  {
    key: 'project-review',
    titile: '智慧展厅项目阶段评审安排',
    msgContent: '<p>智慧展厅项目将于下周二进行阶段评审，请项目管理部做好材料准备。</p>',
    msgCategory: '5',
    priority: 'H',
    msgType: 'DEPART',
    departIds: [departId('A01A02')],
    releasedDaysAgo: 2,
  },
  {
    key: 'work-order-rule',
    titile: '工单派发规则调整说明',
    msgContent:
      '<p>自下月起，紧急工单须在 <span style="color: #f5222d">2 小时</span> 内响应，详见<a href="/workOrder/list">工单列表</a>。</p>',
    msgCategory: '6',
    priority: 'H',
    msgType: 'ALL',
    releasedDaysAgo: 1,
    openType: 'url',
    openPage: '/HomePage/index',
  },
  {
    key: 'evaluation',
    titile: '第四季度绩效考核启动',
    msgContent: '<p>第四季度绩效考核已启动，请各部门经理在月底前完成评分。</p>',
    msgCategory: '7',
    priority: 'M',
    msgType: 'ROLE',
    roleIds: [roleId('manager')],
    releasedDaysAgo: 1,
  },
  {
    key: 'plan-deadline',
    titile: '项目计划节点即将到期提醒',
    msgContent: '<p>您负责的项目计划节点「需求确认」将于 3 天后到期，请及时处理。</p>',
    msgCategory: '8',
    priority: 'L',
    msgType: 'USER',
    userIds: [userId('chenjing'), userId('zhaolei'), userId('huangmin')],
    releasedDaysAgo: 0,
  },
  {
    key: 'draft',
    titile: '年度总结大会通知（草稿）',
    msgContent: '<p>年度总结大会定于下月中旬召开，具体时间另行通知。</p>',
    msgCategory: '4',
    priority: 'L',
    msgType: 'ALL',
  },
];

interface UrgeSeed {
  key: string;
  to: string;
  from: string;
  title: string;
  content: string;
  appType: 'workOrder' | 'project';
  appId: string;
  hoursAgo: number;
}

export const URGES: UrgeSeed[] = [
  {
    key: 'wo-1',
    to: 'zhaolei',
    from: 'liuyang',
    title: '请尽快处理会议室投影故障工单',
    content: '<p>会议室投影故障已影响明早的接待，请今天下班前处理完毕。</p>',
    appType: 'workOrder',
    appId: seedId('workOrder:demo-1'),
    hoursAgo: 2,
  },
  {
    key: 'pj-1',
    to: 'chenjing',
    from: 'zhangwei',
    title: '智慧展厅项目进度催办',
    content: '<p>智慧展厅项目本周进度滞后，请补充进度说明并更新计划。</p>',
    appType: 'project',
    appId: seedId('project:demo-1'),
    hoursAgo: 5,
  },
  {
    key: 'wo-2',
    to: 'admin',
    from: 'wangfang',
    title: '来访接待工单待审批',
    content: '<p>明日上午的来访接待工单等待您审批。</p>',
    appType: 'workOrder',
    appId: seedId('workOrder:demo-2'),
    hoursAgo: 1,
  },
  {
    key: 'pj-2',
    to: 'admin',
    from: 'zhangwei',
    title: '系统升级项目验收催办',
    content: '<p>系统升级项目已完成部署，请安排验收。</p>',
    appType: 'project',
    appId: seedId('project:demo-2'),
    hoursAgo: 26,
  },
];

const REALNAMES: Record<string, string> = {
  admin: '管理员',
  zhangwei: '张伟',
  wangfang: '王芳',
  liuyang: '刘洋',
};

const DAY = 86_400_000;
const TENANT = 1;

/** The notice buttons, a few demo announcements of each category, and reminders, so the bell is not empty. */
export async function seedNotices(trx: Kysely<Database>): Promise<void> {
  const now = Date.now();
  await insertButtons(trx, NOTICE_BUTTONS, 200);

  const db = noticeDb(trx);
  for (const a of ANNOUNCEMENTS) {
    const id = seedId(`announcement:${a.key}`);
    const released = a.releasedDaysAgo !== undefined;
    const sendTime = released ? new Date(now - (a.releasedDaysAgo ?? 0) * DAY) : null;
    const row = {
      id,
      tenantId: TENANT,
      titile: a.titile,
      msgContent: a.msgContent,
      msgAbstract: null,
      sender: '管理员',
      priority: a.priority,
      msgCategory: a.msgCategory,
      msgType: a.msgType,
      userIds: a.userIds ? `${a.userIds.join(',')},` : null,
      departIds: a.departIds ? `${a.departIds.join(',')},` : null,
      roleIds: a.roleIds ? `${a.roleIds.join(',')},` : null,
      sendStatus: released ? ('1' as const) : ('0' as const),
      sendTime,
      delFlag: 0,
      openType: a.openType ?? null,
      openPage: a.openPage ?? null,
      createBy: 'admin',
      createTime: new Date((sendTime?.getTime() ?? now) - 3_600_000),
    };
    await db.insertInto('sysAnnouncement').values(row).execute();
    if (!sendTime) continue;
    const recipients = await resolveRecipients(db, row);
    if (recipients.length === 0) continue;
    await db
      .insertInto('sysAnnouncementSend')
      .values(
        recipients.map((u) => ({
          id: seedId(`send:${a.key}:${u}`),
          anntId: id,
          userId: u,
          createTime: sendTime,
        })),
      )
      .execute();
  }

  await db
    .insertInto('sysUrge')
    .values(
      URGES.map((u) => ({
        id: seedId(`urge:${u.key}`),
        tenantId: TENANT,
        userId: userId(u.to),
        title: u.title,
        content: u.content,
        appType: u.appType,
        appId: u.appId,
        urgerId: userId(u.from),
        urgerName: REALNAMES[u.from] ?? u.from,
        createBy: u.from,
        createTime: new Date(now - u.hoursAgo * 3_600_000),
        readFlag: '0' as const,
      })),
    )
    .execute();
}
