import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { FormRule } from 'antd';
import { checkOnlyUser, registerUser } from './account-api';
import { confirmRules, mobileRules, RegisterMessages, registerPasswordRules, usernameRules } from './rules';
import { SmsCodeField } from './SmsCodeField';
import './user-form.css';
import { feedback } from '../../src/feedback';

interface RegisterValues {
  username: string;
  password: string;
  confirm: string;
  phone: string;
  smscode: string;
}

/** Asks the server whether the name is free; silent on network errors (the submit will tell). */
const uniqueUsername: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || value === '') return;
    const res = await checkOnlyUser(value).catch(() => null);
    if (res && !res.success) throw new Error(res.message || '用户名已存在');
  },
};

/** /user/register: account, password (twice), phone and SMS code (sms mode '1'). */
export default function Register(): React.JSX.Element {
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [loading, setLoading] = useState(false);

  const getMobile = async () => (await form.validateFields(['phone'])).phone;

  const submit = async ({ username, password, phone, smscode }: RegisterValues) => {
    setLoading(true);
    try {
      const res = await registerUser({ username, password, phone, smscode });
      if (!res.success) {
        feedback().notification.error({
          title: '注册失败',
          description: res.message || '注册失败，请稍后再试',
        });
        return;
      }
      navigate('/user/register-result', { replace: true, state: { username } });
    } catch {
      // Shown by the HTTP error catalogue.
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="user-form">
      <h2 className="user-form__title">注册账户</h2>
      <p className="user-form__subtitle">填写以下信息，创建您的平台账号</p>
      <Form form={form} name="register" size="large" onFinish={submit}>
        <Form.Item name="username" rules={[...usernameRules, uniqueUsername]} validateTrigger="onBlur">
          <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={registerPasswordRules} validateTrigger="onBlur">
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="至少8位，含大小写字母、数字和特殊符号"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          rules={confirmRules('password', RegisterMessages.confirmRequired)}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="请确认密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" rules={mobileRules} validateTrigger="onBlur">
          <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <SmsCodeField name="smscode" mode="1" getMobile={getMobile} />
        <Button type="primary" htmlType="submit" size="large" block loading={loading}>
          注册
        </Button>
      </Form>
      <div className="user-form__footer">
        <Link to="/user/login">使用已有账户登录</Link>
      </div>
    </div>
  );
}
