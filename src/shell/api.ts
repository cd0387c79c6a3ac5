import { getAction, putAction } from '../http/client';
import { loadList } from '../http/list';
import { VERSION_PAGE_SIZE } from '../config';
import type { DictCache, Result, UserInfo } from '../session/types';

/** The endpoints behind the header's user menu and the version banner (spec section 7). */
export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}

export interface CurrentDeparts {
  list: Depart[];
  orgCode: string | null;
}

export interface VersionEntry {
  id?: string;
  versionNumber: string;
  versionTime: string;
  remarks: string;
}

export interface VersionReminder {
  status: string;
  content: string;
}

export interface PasswordChange {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Days until the password expires: 0 or less when expired or never changed. */
export function fetchPasswordDaysLeft(username: string): Promise<Result<number>> {
  return getAction<number>('/sys/user/getUserInfoByUserName', { username });
}

export function updatePassword(body: PasswordChange): Promise<Result<{ modifyTime: string }>> {
  return putAction<{ modifyTime: string }>('/sys/user/updatePassword', body);
}

export function fetchCurrentDeparts(): Promise<Result<CurrentDeparts>> {
  return getAction<CurrentDeparts>('/sys/user/getCurrentUserDeparts');
}

export function selectDepart(orgCode: string, username: string): Promise<Result<{ userInfo: UserInfo }>> {
  return putAction<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });
}

export function refreshServerDictCache(): Promise<Result<unknown>> {
  return getAction<unknown>('/sys/dict/refleshCache');
}

export function fetchAllDictItems(): Promise<Result<DictCache>> {
  return getAction<DictCache>('/sys/dict/queryAllDictItems');
}

export function fetchVersions(): Promise<Result<VersionEntry[]>> {
  return loadList<VersionEntry[]>('/sys/version/listAll', { pageNo: 1, pageSize: VERSION_PAGE_SIZE });
}

export function fetchVersionReminder(): Promise<Result<VersionReminder>> {
  return getAction<VersionReminder>('/sys/version/queryReminder');
}
