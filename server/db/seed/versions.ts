import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { versionDb } from '../../sys/version.js';
import { seedId } from './ids.js';

/**
 * The demo version log and the release banner, told as one story: releases go out on Saturday
 * nights (22:00, Beijing time); three have shipped over the last ten months and v1.3.0 is planned
 * for the coming Saturday. The banner announces that upgrade, and the log already lists v1.3.0 with
 * its planned time and what it brings, so a user who reads the banner finds the release in 版本日志.
 */
export interface DemoVersion {
  versionNumber: string;
  versionTime: Date;
  remarks: string;
}

const RELEASES = [
  {
    versionNumber: 'v1.0.0',
    weeksBefore: 44,
    remarks: '智慧接待平台首个版本上线：账号与手机号登录、工作台、工单与项目管理。',
  },
  {
    versionNumber: 'v1.1.0',
    weeksBefore: 24,
    remarks: '新增会议管理与需求管理；多页签支持右键菜单；主题设置可保存到本地。',
  },
  {
    versionNumber: 'v1.2.0',
    weeksBefore: 10,
    remarks: '新增绩效考核与周工作汇报；支持切换部门、微信绑定与版本升级提醒。',
  },
  {
    versionNumber: 'v1.3.0',
    weeksBefore: 0,
    remarks:
      '计划发布：新增租户管理、系统配置、填值规则（工单编号自动生成）、数据源管理与通讯录批量导入项目联系人。',
  },
] as const;

/** The upcoming release, the one the banner announces. */
export const UPCOMING_VERSION = 'v1.3.0';

const BEIJING_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The next Saturday 22:00 in Beijing time at or after `now` (today, when it is Saturday before 22:00). */
export function nextUpgradeWindow(now: Date): Date {
  const local = new Date(now.getTime() + BEIJING_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  let days = (6 - local.getUTCDay() + 7) % 7;
  if (days === 0 && local.getUTCHours() >= 22) days = 7;
  return new Date(midnight + days * DAY_MS + 22 * 3_600_000 - BEIJING_MS);
}

/** The release log as of `now`, oldest first (the API lists it newest first). */
export function demoVersions(now: Date): DemoVersion[] {
  const upgrade = nextUpgradeWindow(now).getTime();
  return RELEASES.map((r) => ({
    versionNumber: r.versionNumber,
    versionTime: new Date(upgrade - r.weeksBefore * 7 * DAY_MS),
    remarks: r.remarks,
  }));
}

/** The banner's text for an upgrade at `when`: its date in Beijing time and the version. */
export function reminderContent(when: Date, version = UPCOMING_VERSION): string {
  const local = new Date(when.getTime() + BEIJING_MS);
  const day = `${local.getUTCMonth() + 1}月${local.getUTCDate()}日`;
  return `系统将于${day}（周六）22:00 至 24:00 升级到 ${version}，期间可能短暂无法访问，请提前保存正在编辑的内容。更新内容见“版本日志”。`;
}

export async function seedVersions(trx: Kysely<Database>, now = new Date()): Promise<void> {
  const db = versionDb(trx);
  const versions = demoVersions(now);
  await db
    .insertInto('sysVersion')
    .values(
      versions.map((v) => ({
        id: seedId(`version:${v.versionNumber}`),
        versionNumber: v.versionNumber,
        versionTime: v.versionTime,
        remarks: v.remarks,
        createBy: 'admin',
        // Written when each release was prepared: a week ahead of its window.
        createTime: new Date(Math.min(v.versionTime.getTime() - 7 * DAY_MS, now.getTime())),
      })),
    )
    .execute();
  await db
    .insertInto('sysVersionReminder')
    .values({
      id: 1,
      status: '1',
      content: reminderContent(nextUpgradeWindow(now)),
      updateBy: 'admin',
      updateTime: now,
    })
    .execute();
}
