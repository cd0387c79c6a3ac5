import { feedback } from '../feedback';
import { saveDictCache, session } from '../session/store';
import { fetchAllDictItems, fetchCurrentDeparts, fetchPasswordDaysLeft, refreshServerDictCache } from './api';
import { dialogs } from './dialogs';
import { PasswordDialogText, passwordDialogState } from './password-expiry';

export const AccountMessages = {
  noDepart: '您尚未设置部门信息!',
  cacheCleared: '刷新缓存完成！',
  cacheFailed: '刷新缓存失败！',
} as const;

async function daysLeft(username: string): Promise<number | null> {
  try {
    const res = await fetchPasswordDaysLeft(username);
    return res.success && typeof res.result === 'number' ? res.result : null;
  } catch {
    return null;
  }
}

/** 修改密码 from the user menu: needs a signed-in user; the expiry decides the title and warning. */
export async function openPasswordDialog(): Promise<void> {
  if (!session.username) {
    feedback().message.warning(PasswordDialogText.noUser);
    return;
  }
  dialogs.password = { expire: await daysLeft(session.username) };
}

/** After sign-in: opens the dialog by itself when the password expires within 3 days or was never changed. */
export async function checkPasswordExpiry(): Promise<void> {
  if (!session.username) return;
  const expire = await daysLeft(session.username);
  if (passwordDialogState(expire, session.userInfo?.modifyTime).openOnStart) dialogs.password = { expire };
}

/** 切换部门: the dialog opens only when the user belongs to at least one department. */
export async function openDepartDialog(): Promise<void> {
  const res = await fetchCurrentDeparts().catch(() => null);
  // An HTTP failure was already shown by the error catalogue.
  if (!res) return;
  const list = res.success ? (res.result?.list ?? []) : [];
  if (list.length === 0) {
    feedback().message.warning(AccountMessages.noDepart);
    return;
  }
  dialogs.depart = { list, orgCode: res.result?.orgCode ?? null };
}

/** 清理缓存: the server's dictionary cache, then a fresh copy of every dictionary for 15 days. */
export async function clearCache(): Promise<void> {
  const { message } = feedback();
  try {
    const refreshed = await refreshServerDictCache();
    const items = refreshed.success ? await fetchAllDictItems() : null;
    if (!items?.success || !items.result) throw new Error(items?.message ?? refreshed.message);
    saveDictCache(items.result);
    message.success(AccountMessages.cacheCleared);
  } catch {
    message.error(AccountMessages.cacheFailed);
  }
}
