/** localStorage keys of the spec (section 3); kept verbatim so older tooling and docs still apply. */
export const StorageKeys = {
  token: 'Access-Token',
  tenantId: 'TENANT_ID',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  userButtonAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysButtonAuth: 'SYS_BUTTON_AUTH',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  cachedRoutes: 'CACHE_INCLUDED_ROUTES',
} as const;

/** Everything logout removes. */
export const SESSION_KEYS: readonly string[] = Object.values(StorageKeys);
