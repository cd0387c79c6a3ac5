import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** '0' unread, '1' read; new rows default to unread. */
type ReadFlag = ColumnType<'0' | '1', '0' | '1' | undefined, '0' | '1'>;
type When = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type Priority = 'L' | 'M' | 'H';
export type MsgType = 'ALL' | 'USER' | 'DEPART' | 'ROLE';
/** '0' draft, '1' released, '2' revoked. */
export type SendStatus = '0' | '1' | '2';
/** `flow`: a workflow instance's 催办 (server/workflow/urge.ts); 去处理 opens 我的待办. */
export type AppType = 'workOrder' | 'project' | 'flow';

/** Tables of migration 0006, kept beside their only readers rather than in the shared schema. */
export interface SysAnnouncementTable {
  id: string;
  tenantId: number;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  startTime: When;
  endTime: When;
  sender: string | null;
  priority: Priority;
  msgCategory: string;
  msgType: MsgType;
  userIds: string | null;
  departIds: string | null;
  roleIds: string | null;
  sendStatus: SendStatus;
  sendTime: When;
  cancelTime: When;
  delFlag: number;
  busType: string | null;
  busId: string | null;
  openType: 'component' | 'url' | null;
  openPage: string | null;
  createBy: string | null;
  createTime: CreatedAt;
  updateBy: string | null;
  updateTime: When;
}

export interface SysAnnouncementSendTable {
  id: string;
  anntId: string;
  userId: string;
  readFlag: ReadFlag;
  readTime: When;
  createTime: CreatedAt;
}

export interface SysUrgeTable {
  id: string;
  tenantId: number;
  userId: string;
  title: string;
  content: string;
  appType: AppType;
  appId: string;
  urgerId: string | null;
  urgerName: string | null;
  createBy: string | null;
  createTime: CreatedAt;
  readFlag: ReadFlag;
  readTime: When;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type NoticeTables = {
  sysAnnouncement: SysAnnouncementTable;
  sysAnnouncementSend: SysAnnouncementSendTable;
  sysUrge: SysUrgeTable;
};

export type NoticeDb = Kysely<Database & NoticeTables>;

/** The database handle (or a seed transaction) seen with the notice tables. */
export function noticeDb(db: Kysely<Database>): NoticeDb {
  return db.withTables<NoticeTables>();
}

/**
 * Category codes of the notice panel's filter (spec 000 section 9) and their names; 9 流程审批 is
 * ours (migration 0050: the spec has no approval category).
 */
export const CATEGORIES: Readonly<Record<string, string>> = {
  '4': '每日工作',
  '5': '项目管理',
  '6': '工单派发',
  '7': '绩效考核',
  '8': '项目计划',
  '9': '流程审批',
};

/**
 * The category a reminder files under: work orders under 工单派发, projects under 项目管理, flows under
 * 流程审批 (as the workflow's own notices).
 */
export const URGE_CATEGORY: Readonly<Record<AppType, string>> = { workOrder: '6', project: '5', flow: '9' };
