import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { versionDb } from '../../sys/version.js';
import { seedId } from './ids.js';

/** The demo version log, newest last here; the API lists it newest first. */
export const VERSIONS = [
  {
    versionNumber: 'v1.0.0',
    versionTime: '2021-03-01T10:00:00+08:00',
    remarks: '智慧接待平台首个版本上线：账号与手机号登录、工作台、工单与项目管理。',
  },
  {
    versionNumber: 'v1.1.0',
    versionTime: '2021-06-15T10:00:00+08:00',
    remarks: '新增会议管理与需求管理；多页签支持右键菜单；主题设置可保存到本地。',
  },
  {
    versionNumber: 'v1.2.0',
    versionTime: '2021-10-20T10:00:00+08:00',
    remarks: '新增绩效考核与周工作汇报；支持切换部门、微信绑定与版本升级提醒。',
  },
];

export const REMINDER_CONTENT =
  '系统将于本周六 22:00 至 24:00 升级到 v1.3.0，期间可能短暂无法访问，请提前保存正在编辑的内容。';

export async function seedVersions(trx: Kysely<Database>): Promise<void> {
  const db = versionDb(trx);
  await db
    .insertInto('sysVersion')
    .values(
      VERSIONS.map((v) => ({
        id: seedId(`version:${v.versionNumber}`),
        versionNumber: v.versionNumber,
        versionTime: new Date(v.versionTime),
        remarks: v.remarks,
        createBy: 'admin',
        createTime: new Date(v.versionTime),
      })),
    )
    .execute();
  await db
    .insertInto('sysVersionReminder')
    .values({ id: 1, status: '1', content: REMINDER_CONTENT, updateBy: 'admin', updateTime: new Date() })
    .execute();
}
