import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

/** /user/register-result: confirms the new account and leads to sign-in. */
export default function RegisterResult(): React.JSX.Element {
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { username?: string } | null };
  const username = state?.username;
  return (
    <Result
      status="success"
      title={username ? `你的账户：${username} 注册成功` : '注册成功'}
      subTitle="请使用新账户登录系统"
      extra={[
        <Button
          key="login"
          type="primary"
          size="large"
          onClick={() => navigate('/user/login', { replace: true })}
        >
          使用新账户登录
        </Button>,
      ]}
    />
  );
}
