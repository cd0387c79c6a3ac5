import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../src/config';
import './result.css';

/** Result page (success): shown after a multi-step action completed. */
export default function Success(): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <div className="result-page">
      <Result
        status="success"
        title="提交成功"
        subTitle="操作已完成，相关人员会收到通知，您可以在工作台查看处理进度。"
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回工作台
          </Button>
        }
      />
    </div>
  );
}
