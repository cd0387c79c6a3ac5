import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../src/config';
import './result.css';

/** Result page (error): an action could not be completed; the user goes back and tries again. */
export default function Error(): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <div className="result-page">
      <Result
        status="error"
        title="提交失败"
        subTitle="请核对并修改以下信息后，再重新提交。"
        extra={[
          <Button type="primary" key="back" onClick={() => navigate(-1)}>
            返回修改
          </Button>,
          <Button key="home" onClick={() => navigate(HOME_PATH)}>
            返回工作台
          </Button>,
        ]}
      />
    </div>
  );
}
