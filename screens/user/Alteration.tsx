import { Button, Descriptions, Form, Input, Result, Steps } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { changeForgottenPassword, verifyPhone, type VerifiedAccount } from './account-api';
import { confirmRules, mobileRules, newPasswordRules } from './rules';
import { SmsCodeField } from './SmsCodeField';
import './user-form.css';
import { feedback } from '../../src/feedback';

interface PhoneValues {
  phone: string;
  smscode: string;
}

interface PasswordValues {
  password: string;
  confirm: string;
}

const STEP_TITLES = ['确认账号', '验证', '设置新密码', '完成'];

function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** /user/alteration: recover a password through the phone number in four steps. */
export default function Alteration(): React.JSX.Element {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [loading, setLoading] = useState(false);
  const [account, setAccount] = useState<(VerifiedAccount & { phone: string }) | null>(null);

  const fail = (title: string, text: string) => feedback().notification.error({ title, description: text });

  const verify = async ({ phone, smscode }: PhoneValues) => {
    setLoading(true);
    try {
      const res = await verifyPhone(phone, smscode);
      if (!res.success || !res.result) return fail('验证失败', res.message || '手机验证码错误');
      setAccount({ ...res.result, phone });
      setStep(1);
    } catch {
      // Shown by the HTTP error catalogue.
    } finally {
      setLoading(false);
    }
  };

  const change = async ({ password }: PasswordValues) => {
    if (!account) return;
    setLoading(true);
    try {
      const res = await changeForgottenPassword({ ...account, password });
      if (!res.success) return fail('修改失败', res.message || '密码修改失败，请稍后再试');
      setStep(3);
    } catch {
      // Shown by the HTTP error catalogue.
    } finally {
      setLoading(false);
    }
  };

  const getMobile = async () => (await phoneForm.validateFields(['phone'])).phone;

  return (
    <div className="user-form">
      <h2 className="user-form__title">找回密码</h2>
      <p className="user-form__subtitle">通过绑定的手机号验证身份后设置新密码</p>
      <Steps
        size="small"
        current={step}
        items={STEP_TITLES.map((title) => ({ title }))}
        className="user-form__steps"
        responsive={false}
        titlePlacement="vertical"
      />
      {step === 0 && (
        <Form form={phoneForm} name="alteration-phone" size="large" onFinish={verify}>
          <Form.Item name="phone" rules={mobileRules} validateTrigger="onBlur">
            <Input
              prefix={<MobileOutlined />}
              placeholder="请输入绑定的手机号"
              maxLength={11}
              autoComplete="tel"
            />
          </Form.Item>
          <SmsCodeField name="smscode" mode="2" getMobile={getMobile} />
          <Button type="primary" htmlType="submit" size="large" block loading={loading}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && account && (
        <div>
          <Descriptions
            column={1}
            bordered
            size="middle"
            items={[
              { key: 'username', label: '账号', children: account.username },
              { key: 'phone', label: '手机号', children: maskPhone(account.phone) },
            ]}
          />
          <div className="user-form__actions">
            <Button size="large" onClick={() => setStep(0)}>
              上一步
            </Button>
            <Button type="primary" size="large" onClick={() => setStep(2)}>
              确认并继续
            </Button>
          </div>
        </div>
      )}
      {step === 2 && (
        <Form form={passwordForm} name="alteration-password" size="large" onFinish={change}>
          <Form.Item name="password" rules={newPasswordRules} validateTrigger="onBlur">
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入新密码"
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item name="confirm" dependencies={['password']} rules={confirmRules('password')}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请确认新密码"
              autoComplete="new-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={loading}>
            提交
          </Button>
        </Form>
      )}
      {step === 3 && (
        <Result
          status="success"
          title="密码修改成功"
          subTitle={account ? `账号 ${account.username} 的新密码已生效` : undefined}
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/user/login', { replace: true })}>
              返回登录
            </Button>
          }
        />
      )}
      {step < 3 && (
        <div className="user-form__footer">
          <Link to="/user/login">返回登录</Link>
        </div>
      )}
    </div>
  );
}
