// Bench baseline: a bare React + antd 6 + router sign-in page with the visible components of
// /user/login (tabs, inputs with icons, password, captcha image, checkbox, links, button), and
// nothing of the product. tests/bench/bundle.ts builds it with Vite in the same run.
import { Button, Checkbox, ConfigProvider, Form, Input, Tabs } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';

const CAPTCHA =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="105" height="35"%3E%3Crect width="105" height="35" fill="%23eef"/%3E%3C/svg%3E';

function SignIn() {
  const account = (
    <Form size="large">
      <Form.Item name="username" rules={[{ required: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" />
      </Form.Item>
      <Form.Item name="captcha">
        <Input
          prefix={<SafetyOutlined />}
          placeholder="请输入验证码"
          suffix={<img src={CAPTCHA} alt="验证码" />}
        />
      </Form.Item>
    </Form>
  );
  const phone = (
    <Form size="large">
      <Form.Item name="mobile">
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" />
      </Form.Item>
      <Form.Item name="code">
        <Input placeholder="请输入验证码" suffix={<Button>获取验证码</Button>} />
      </Form.Item>
    </Form>
  );
  return (
    <div style={{ display: 'flex', minHeight: '100vh' }}>
      <aside style={{ width: 600, background: '#1a74f2', color: '#fff', padding: 40 }}>
        <h1>智慧接待平台</h1>
      </aside>
      <main style={{ margin: 'auto', width: 400 }}>
        <h2>欢迎登录</h2>
        <Tabs
          centered
          items={[
            { key: 'account', label: '账号密码登录', children: account },
            { key: 'phone', label: '手机号登录', children: phone },
          ]}
        />
        <Checkbox defaultChecked>自动登录</Checkbox> <Link to="/user/alteration">忘记密码</Link>
        <Button type="primary" size="large" block>
          登录
        </Button>
        <Link to="/user/register">注册账户</Link>
      </main>
    </div>
  );
}

const router = createBrowserRouter([{ path: '*', element: <SignIn /> }]);
createRoot(document.getElementById('root')!).render(
  <ConfigProvider
    locale={zhCN}
    theme={{ token: { colorPrimary: '#1a74f2' } }}
    button={{ autoInsertSpace: false }}
  >
    <RouterProvider router={router} />
  </ConfigProvider>,
);
