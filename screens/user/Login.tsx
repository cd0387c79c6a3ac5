import { Button, Checkbox, Form, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useNavigation, useSearchParams } from 'react-router-dom';
import { preloadHttp } from '../../src/http/client';
import { safeRedirect } from '../../src/router/guard';
import { acceptLogin } from '../../src/session/actions';
import { loginRequest, phoneLoginRequest } from '../../src/session/api';
import { welcomeText } from '../../src/session/greeting';
import { saveLogin, setTenant } from '../../src/session/store';
import type { LoginResult, Tenant } from '../../src/session/types';
import { LoginAccountForm, type AccountValues } from './LoginAccountForm';
import { LoginPhoneForm, type PhoneValues } from './LoginPhoneForm';
import { failureMessage, isCaptchaWrong, type PendingLogin } from './login-flow';
import { useCaptcha } from './useCaptcha';
import './user-form.css';
import { feedback } from '../../src/feedback';

// Only accounts with several tenants need the picker (and the Select it brings).
const TenantSelect = lazy(() => import('./TenantSelect'));

type LoginTab = 'account' | 'phone';

/** /user/login: 账号密码登录 and 手机号登录, then the tenant choice and the way back to the target. */
export default function Login(): React.JSX.Element {
  const navigate = useNavigate();
  // After sign-in the guard still loads the menu; the button keeps spinning until the page changes.
  const navigating = useNavigation().state !== 'idle';
  const [params] = useSearchParams();
  const [tab, setTab] = useState<LoginTab>('account');
  const [accountForm] = Form.useForm<AccountValues>();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [remember, setRemember] = useState(true);
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<PendingLogin | null>(null);
  const captcha = useCaptcha();

  const finish = (result: LoginResult, username: string, tenantId: Tenant['id']) => {
    setTenant(tenantId);
    saveLogin(result, username);
    navigate(safeRedirect(params.get('redirect')), { replace: true });
    feedback().notification.success({
      title: '欢迎',
      description: welcomeText(result.userInfo?.realname ?? '', new Date().getHours()),
    });
  };

  const proceed = (result: LoginResult, username: string) => {
    const tenants = result.tenantList ?? [];
    if (tenants.length > 1) setPending({ result, username });
    else finish(result, username, tenants[0]?.id ?? '0');
  };

  const report = (error: unknown) => {
    const text = failureMessage(error);
    if (text) feedback().notification.error({ title: '登录失败', description: text, duration: 4 });
  };

  const signInWithAccount = async (values: AccountValues) => {
    setLoading(true);
    try {
      const res = await loginRequest({ ...values, checkKey: captcha.checkKey, remember_me: remember });
      proceed(acceptLogin(res), values.username);
    } catch (error) {
      report(error);
      // A captcha is good for one attempt: every failure needs a fresh image and an empty field.
      captcha.refresh();
      accountForm.setFieldValue('captcha', '');
      if (isCaptchaWrong(error)) accountForm.focusField('captcha');
    } finally {
      setLoading(false);
    }
  };

  const signInWithPhone = async (values: PhoneValues) => {
    setLoading(true);
    try {
      const result = acceptLogin(await phoneLoginRequest(values));
      proceed(result, result.userInfo.username);
    } catch (error) {
      report(error);
    } finally {
      setLoading(false);
    }
  };

  const submit = () => (tab === 'account' ? accountForm.submit() : phoneForm.submit());

  return (
    // The HTTP client loads when the user starts on the form, well before 登录 is pressed.
    <div className="user-form" onFocusCapture={preloadHttp} onPointerDownCapture={preloadHttp}>
      <h2 className="user-form__title">欢迎登录</h2>
      <p className="user-form__subtitle">请使用您的账号或手机号登录系统</p>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as LoginTab)}
        centered
        items={[
          {
            key: 'account',
            label: '账号密码登录',
            children: <LoginAccountForm form={accountForm} captcha={captcha} onFinish={signInWithAccount} />,
          },
          {
            key: 'phone',
            label: '手机号登录',
            children: <LoginPhoneForm form={phoneForm} onFinish={signInWithPhone} />,
          },
        ]}
      />
      <div className="user-form__options">
        <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)}>
          自动登录
        </Checkbox>
        <Link to="/user/alteration">忘记密码</Link>
      </div>
      <Button type="primary" size="large" block loading={loading || navigating} onClick={submit}>
        登录
      </Button>
      <div className="user-form__footer">
        <Link to="/user/register">注册账户</Link>
      </div>
      {pending && (
        <Suspense fallback={null}>
          <TenantSelect
            tenants={pending.result.tenantList ?? []}
            onSelect={(tenantId) => finish(pending.result, pending.username, tenantId)}
          />
        </Suspense>
      )}
    </div>
  );
}
