import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import {
  AccountMessages,
  checkChosenPassword,
  checkConfirmPassword,
  checkMobile,
  checkUsername,
  PasswordMessages,
} from '../../runtime/model/validation/password';

/** The register page's own words: it asks for "a password", not "a new" one. */
export const RegisterMessages = {
  passwordRequired: '请输入密码!',
  confirmRequired: '请确认密码!',
} as const;

/** antd form rules over the shared account checks (runtime/model/validation), one message each. */
function fromCheck(check: (value: string) => string | null): RuleObject {
  return {
    validator: (_rule, value: unknown) => {
      const message = check(typeof value === 'string' ? value : '');
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

export const usernameRules: FormRule[] = [fromCheck(checkUsername)];

/** Sign-in only checks presence: old accounts may have names the registration rule would reject. */
export const loginUsernameRules: FormRule[] = [{ required: true, message: AccountMessages.usernameRequired }];

export const loginPasswordRules: FormRule[] = [{ required: true, message: '请输入密码' }];

export const captchaRules: FormRule[] = [{ required: true, message: '请输入验证码' }];

export const smsCodeRules: FormRule[] = [{ required: true, message: '请输入短信验证码' }];

export const mobileRules: FormRule[] = [fromCheck(checkMobile)];

/**
 * A password the user chooses: an empty field asks for one (`required`), and the strength rule
 * speaks only of a password typed, never of an empty field.
 */
function chosenPasswordRules(required: string): FormRule[] {
  return [fromCheck((value) => (value === '' ? required : checkChosenPassword(value)))];
}

/** Registration: the account's first password. */
export const registerPasswordRules = chosenPasswordRules(RegisterMessages.passwordRequired);

/** Recovery: the spec's words for a new password. */
export const newPasswordRules = chosenPasswordRules(PasswordMessages.newRequired);

/**
 * The confirmation must equal the field `passwordField` of the same form; an empty one says
 * `required` (default the spec's 请确认新密码!).
 */
export function confirmRules(passwordField: string, required?: string): FormRule[] {
  return [
    ({ getFieldValue }) =>
      fromCheck((value) =>
        value === '' && required
          ? required
          : checkConfirmPassword(value, getFieldValue(passwordField) as string | undefined),
      ),
  ];
}
