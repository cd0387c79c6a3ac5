/** The user-visible messages of the sign-in, registration and recovery calls, in one place. */
export const LoginMessages = {
  success: '登录成功',
  captchaMissing: '验证码无效',
  captchaWrong: '验证码错误',
  badCredentials: '用户名或密码错误',
  frozen: '该用户已冻结',
  tenantsFrozen: '与该用户关联的租户均已被冻结，无法登录！',
  logout: '退出登录成功！',
  locked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
} as const;

export const SmsMessages = {
  sent: '短信发送成功',
  sendFailed: '短信发送失败，请稍后再试',
  badMode: '短信类型错误',
  noUser: '该用户不存在或未绑定手机号',
  phoneTaken: '该手机号已注册',
  tooSoon: '验证码已发送，请60秒后再试',
  wrongCode: '手机验证码错误',
  sendLocked: (minutes: number) => `短信发送过于频繁，请${minutes}分钟后再试`,
  verifyLocked: (minutes: number) => `验证失败次数过多，请${minutes}分钟后再试`,
} as const;

export const AccountMessages = {
  usernameTaken: '用户账号已存在',
  registered: '注册成功',
  checkParams: '请输入用户名或手机号',
  lookupLocked: (minutes: number) => `请求过于频繁，请${minutes}分钟后再试`,
  phoneMismatch: '手机号与账号不匹配',
  resetDone: '密码重置成功！',
  oldPasswordWrong: '旧密码输入错误!',
  passwordChanged: '密码修改成功！',
  userMissing: '用户不存在',
} as const;
