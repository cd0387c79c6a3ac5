import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../src/config';
import type { ScreenProps } from '../../src/router/components';
import './exception.css';

/** Stands in for menu screens that are not built yet, so no menu entry leads to a blank page. */
export default function ComingSoon({ title }: ScreenProps): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <div className="coming-soon">
      <Result
        icon={<ToolOutlined style={{ color: 'var(--app-primary, #1a74f2)' }} />}
        title="功能建设中"
        subTitle={
          <>
            <div className="coming-soon__name">「{title}」</div>
            <div>该页面将在后续版本中上线，敬请期待。</div>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回工作台
          </Button>
        }
      />
    </div>
  );
}
