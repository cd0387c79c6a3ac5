import { Form, Input, type FormInstance } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { CaptchaImage } from './CaptchaImage';
import { captchaRules, loginPasswordRules, loginUsernameRules } from './rules';
import type { Captcha } from './useCaptcha';

export interface AccountValues {
  username: string;
  password: string;
  captcha: string;
}

interface Props {
  form: FormInstance<AccountValues>;
  captcha: Captcha;
  onFinish: (values: AccountValues) => void;
}

/** 账号密码登录: user name, password, and the captcha with its image on the right. */
export function LoginAccountForm({ form, captcha, onFinish }: Props): React.JSX.Element {
  return (
    <Form form={form} name="login-account" size="large" onFinish={onFinish} autoComplete="on">
      <Form.Item name="username" rules={loginUsernameRules}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={loginPasswordRules}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      <div className="user-form__captcha-row">
        <Form.Item name="captcha" rules={captchaRules}>
          <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" maxLength={8} autoComplete="off" />
        </Form.Item>
        <CaptchaImage captcha={captcha} />
      </div>
      {/* Lets Enter submit the form; the visible 登录 button lives below the tabs. */}
      <button type="submit" className="user-form__implicit-submit" tabIndex={-1} aria-hidden="true" />
    </Form>
  );
}
