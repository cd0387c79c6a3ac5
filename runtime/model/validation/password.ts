/**
 * The account rules of the sign-in, registration, recovery and change-password screens, with the
 * spec's Chinese messages. Pure TypeScript: the browser forms and the server routes import the same
 * functions, so a rule can never say one thing in the form and another in the API.
 *
 * Every check returns the message of the first rule that fails, or null when the value passes.
 */

export const PasswordMessages = {
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  strength: '密码由8位数字、大小写字母和特殊符号组成!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
  sameAsOld: '旧密码不能与新密码一致！',
} as const;

export const AccountMessages = {
  usernameRequired: '请输入用户名',
  usernameFormat: '只允许字母、数字、下划线',
  mobileRequired: '请输入手机号',
  mobileFormat: '请输入正确手机号',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** Letters, digits and underscore only. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** Mainland mobile numbers: 1, then 3/4/5/7/8, then nine digits. */
export const MOBILE_PATTERN = /^1[34578]\d{9}$/;

// "Special symbol" is any printable ASCII character that is neither a letter nor a digit; a space
// does not count, so a password cannot satisfy the rule with invisible padding.
const SPECIAL = /[!-/:-@[-`{-~]/;

function isEmpty(value: string | null | undefined): value is '' | null | undefined {
  return value === undefined || value === null || value === '';
}

/** At least 8 characters with a lowercase letter, an uppercase letter, a digit and a special symbol. */
/**
 * isStrongPassword as one regular expression, for the `password` format code a declaration's field
 * names (a unit test holds the two to the same answers).
 */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!-/:-@[-`{-~]).{8,}$/;

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    SPECIAL.test(value)
  );
}

export function checkOldPassword(oldPassword: string | null | undefined): string | null {
  return isEmpty(oldPassword) ? PasswordMessages.oldRequired : null;
}

/** The new password: required, strong, and (when the old one is known) different from it. */
export function checkNewPassword(
  password: string | null | undefined,
  oldPassword?: string | null,
): string | null {
  if (isEmpty(password)) return PasswordMessages.newRequired;
  if (!isStrongPassword(password)) return PasswordMessages.strength;
  if (!isEmpty(oldPassword) && password === oldPassword) return PasswordMessages.sameAsOld;
  return null;
}

export function checkConfirmPassword(
  confirm: string | null | undefined,
  password: string | null | undefined,
): string | null {
  if (isEmpty(confirm)) return PasswordMessages.confirmRequired;
  if (confirm !== password) return PasswordMessages.mismatch;
  return null;
}

/** The change-password payload of the contract (PUT /sys/user/updatePassword). */
export interface PasswordChangeInput {
  oldpassword?: string | null;
  password?: string | null;
  confirmpassword?: string | null;
}

export interface RuleFailure<F extends string = string> {
  field: F;
  message: string;
}

/** Checks the fields in form order (old, new, confirm); the first failure wins. */
export function validatePasswordChange(
  input: PasswordChangeInput,
): RuleFailure<'oldpassword' | 'password' | 'confirmpassword'> | null {
  const oldMessage = checkOldPassword(input.oldpassword);
  if (oldMessage) return { field: 'oldpassword', message: oldMessage };
  const newMessage = checkNewPassword(input.password, input.oldpassword);
  if (newMessage) return { field: 'password', message: newMessage };
  const confirmMessage = checkConfirmPassword(input.confirmpassword, input.password);
  if (confirmMessage) return { field: 'confirmpassword', message: confirmMessage };
  return null;
}

/** A password chosen without an old one (registration, recovery): only the strength rule applies. */
export function checkChosenPassword(password: string | null | undefined): string | null {
  return !isEmpty(password) && isStrongPassword(password) ? null : PasswordMessages.strength;
}

export function checkUsername(username: string | null | undefined): string | null {
  if (isEmpty(username)) return AccountMessages.usernameRequired;
  return USERNAME_PATTERN.test(username) ? null : AccountMessages.usernameFormat;
}

export function checkMobile(mobile: string | null | undefined): string | null {
  if (isEmpty(mobile)) return AccountMessages.mobileRequired;
  return MOBILE_PATTERN.test(mobile) ? null : AccountMessages.mobileFormat;
}
