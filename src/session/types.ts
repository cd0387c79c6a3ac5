import type { RouteNode } from '../router/types';

/** The Result envelope every JSON endpoint answers with. */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  orgCode?: string | null;
  orgCodeTxt?: string | null;
  phone?: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' of the last password change; null when it was never changed. */
  modifyTime?: string | null;
  openId?: string | null;
  [field: string]: unknown;
}

export interface Tenant {
  id: number | string;
  name: string;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

export type DictCache = Record<string, DictItem[]>;

export interface LoginResult {
  token: string;
  tenantList?: Tenant[];
  userInfo: UserInfo;
  departs?: unknown[];
  multi_depart?: number;
  sysAllDictItems?: DictCache;
}

/** Button/field permission of the signed-in user ('1' field, '2' button). */
export interface AuthEntry {
  action: string;
  type: string;
  describe: string;
}

/** Every declared button/field rule; status '1' active, '0' inactive. */
export interface SysAuthEntry extends AuthEntry {
  status: string;
}

export interface PermissionResult {
  menu: RouteNode[] | null;
  auth: AuthEntry[];
  allAuth: SysAuthEntry[];
}
