import { Button, Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../src/config';
import './exception.css';

const TEXT: Record<'403' | '404' | '500', { title: string; subTitle: string }> = {
  '403': { title: '403', subTitle: '抱歉，您无权访问该页面' },
  '404': { title: '404', subTitle: '抱歉，您访问的页面不存在' },
  '500': { title: '500', subTitle: '抱歉，服务器出错了' },
};

/** The exception pages of spec section 2 (antd Result with a way home). */
export function ExceptionPage({ status }: { status: '403' | '404' | '500' }): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <div className="exception-page">
      <Result
        status={status as ResultStatusType}
        title={TEXT[status].title}
        subTitle={TEXT[status].subTitle}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
