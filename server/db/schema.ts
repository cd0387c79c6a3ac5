import type { ColumnType, Generated } from 'kysely';

/** Columns the database fills when a row is written. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

interface Audit {
  createBy: string | null;
  createTime: CreatedAt;
  updateBy: string | null;
  updateTime: NullableTimestamp;
}

export interface SysTenantTable {
  id: number;
  name: string;
  status: number;
  beginDate: NullableTimestamp;
  endDate: NullableTimestamp;
  createTime: CreatedAt;
}

export interface SysDepartTable extends Audit {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  departOrder: number;
  tenantId: number;
  delFlag: number;
  /** Migration 0009: the department form's contact columns. */
  mobile: ColumnType<string | null, string | null | undefined, string | null>;
  fax: ColumnType<string | null, string | null | undefined, string | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  memo: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SysPositionTable extends Audit {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  tenantId: number;
}

export interface SysUserTable extends Audit {
  id: string;
  username: string;
  realname: string;
  passwordHash: string;
  avatar: string | null;
  sex: number | null;
  birthday: string | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  workNo: string | null;
  post: string | null;
  status: number;
  delFlag: number;
  openId: string | null;
  relTenantIds: string;
  modifyTime: NullableTimestamp;
}

export interface SysUserDepartTable {
  userId: string;
  depId: string;
}

export interface SysRoleTable extends Audit {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  tenantId: number;
}

export interface SysUserRoleTable {
  userId: string;
  roleId: string;
}

export interface SysPermissionTable extends Audit {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  permsType: string;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  isRoute: boolean;
  isLeaf: boolean;
  keepAlive: boolean;
  hidden: boolean;
  hideTab: boolean;
  internalOrExternal: boolean;
  status: string;
  delFlag: number;
}

export interface SysRolePermissionTable {
  roleId: string;
  permissionId: string;
  /** Data rule ids (sys_permission_data_rule) the role holds on this entry, comma-joined (0007). */
  dataRuleIds: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 0007: row conditions per menu entry (docs/modules/system-admin.md, data rules). */
export interface SysPermissionDataRuleTable {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  /** '1' on, '0' off. */
  status: string;
  createBy: string | null;
  createTime: CreatedAt;
  updateBy: string | null;
  updateTime: NullableTimestamp;
}

export interface SysDictTable extends Audit {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: number;
}

export interface SysDictItemTable extends Audit {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  status: number;
}

export interface SysSessionTable {
  tokenHash: string;
  userId: string;
  tenantId: number;
  createdAt: CreatedAt;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  revokedReason: string | null;
  ip: string | null;
  /** Migration 0010: the opaque id 在线用户 shows and force-logs-out by (never the token or its hash). */
  sid: ColumnType<string, string | undefined, never>;
}

export interface SysCaptchaTable {
  checkKey: string;
  codeHash: string;
  expiresAt: Timestamp;
}

export interface SysSmsCodeTable {
  id: Generated<number>;
  mobile: string;
  mode: string;
  codeHash: string;
  attempts: number;
  expiresAt: Timestamp;
  createdAt: CreatedAt;
}

export interface SysLoginFailureTable {
  scope: string;
  failures: number;
  windowStart: Timestamp;
  lockedUntil: NullableTimestamp;
}

export interface SysLogTable {
  id: Generated<number>;
  logType: number;
  logContent: string;
  userid: string | null;
  username: string | null;
  ip: string | null;
  createTime: CreatedAt;
  /** Migration 0010: what an operation log row records about the request and its answer. */
  operateType: OptionalColumn<number>;
  requestType: OptionalColumn<string>;
  requestUrl: OptionalColumn<string>;
  method: OptionalColumn<string>;
  requestParam: OptionalColumn<string>;
  costTime: OptionalColumn<number>;
  httpStatus: OptionalColumn<number>;
  /** '1' success (the default: sign-ins the auth routes write), '0' refused; null: no Result answer. */
  resultStatus: OptionalColumn<'0' | '1'>;
  resultCode: OptionalColumn<number>;
  resultMessage: OptionalColumn<string>;
  userAgent: OptionalColumn<string>;
}

/** A nullable column an insert may leave out. */
type OptionalColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface Database {
  sysTenant: SysTenantTable;
  sysDepart: SysDepartTable;
  sysPosition: SysPositionTable;
  sysUser: SysUserTable;
  sysUserDepart: SysUserDepartTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysPermission: SysPermissionTable;
  sysRolePermission: SysRolePermissionTable;
  sysPermissionDataRule: SysPermissionDataRuleTable;
  sysDict: SysDictTable;
  sysDictItem: SysDictItemTable;
  sysSession: SysSessionTable;
  sysCaptcha: SysCaptchaTable;
  sysSmsCode: SysSmsCodeTable;
  sysLoginFailure: SysLoginFailureTable;
  sysLog: SysLogTable;
}
