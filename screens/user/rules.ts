import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import {
  AccountMessages,
  checkChosenPassword,
  checkConfirmPassword,
  checkMobile,
  checkUsername,
} from '../../runtime/model/validation/password';

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

export const newPasswordRules: FormRule[] = [fromCheck(checkChosenPassword)];

/** The confirmation must equal the field `passwordField` of the same form. */
export function confirmRules(passwordField: string): FormRule[] {
  return [
    ({ getFieldValue }) =>
      fromCheck((value) => checkConfirmPassword(value, getFieldValue(passwordField) as string | undefined)),
  ];
}
