import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SysUserTable } from '../db/schema.js';

/** The user record the client keeps as Login_Userinfo; the password hash never leaves the server. */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  orgCodeTxt: string | null;
  workNo: string | null;
  post: string | null;
  status: number;
  delFlag: number;
  openId: string | null;
  relTenantIds: string;
  modifyTime: Date | null;
  createBy: string | null;
  createTime: Date;
  updateBy: string | null;
  updateTime: Date | null;
}

export function toUserInfo(row: Selectable<SysUserTable>, orgCodeTxt: string | null = null): UserInfo {
  return {
    id: row.id,
    username: row.username,
    realname: row.realname,
    avatar: row.avatar,
    birthday: row.birthday,
    sex: row.sex,
    email: row.email,
    phone: row.phone,
    orgCode: row.orgCode,
    orgCodeTxt,
    workNo: row.workNo,
    post: row.post,
    status: row.status,
    delFlag: row.delFlag,
    openId: row.openId,
    relTenantIds: row.relTenantIds,
    modifyTime: row.modifyTime,
    createBy: row.createBy,
    createTime: row.createTime,
    updateBy: row.updateBy,
    updateTime: row.updateTime,
  };
}

/** Loads a user's info with the name of the current department. */
export async function loadUserInfo(db: Db, userId: string): Promise<UserInfo | null> {
  const row = await db.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const depart = row.orgCode
    ? await db
        .selectFrom('sysDepart')
        .select('departName')
        .where('orgCode', '=', row.orgCode)
        .executeTakeFirst()
    : undefined;
  return toUserInfo(row, depart?.departName ?? null);
}
