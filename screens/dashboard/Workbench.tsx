import { Avatar, Card, Col, Row } from 'antd';
import { ApartmentOutlined, CalendarOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSnapshot } from 'valtio';
import { greetingForHour } from '../../src/session/greeting';
import { session } from '../../src/session/store';
import './workbench.css';

/** 工作台 (/HomePage/index): a welcome card for now; to-do and done lists arrive with their issue. */
export default function Workbench(): React.JSX.Element {
  const { userInfo } = useSnapshot(session);
  const now = dayjs();
  const realname = userInfo?.realname || userInfo?.username || '';
  const depart = userInfo?.orgCodeTxt || '未设置部门';
  return (
    <div className="workbench">
      <Card variant="borderless" className="workbench__welcome">
        <div className="workbench__welcome-body">
          <Avatar
            size={64}
            src={userInfo?.avatar || undefined}
            icon={<UserOutlined />}
            className="workbench__avatar"
          />
          <div className="workbench__welcome-text">
            {/* Plain elements: antd's Typography would add 8 KiB to the first screen for two lines. */}
            <h3 className="workbench__greeting">
              {greetingForHour(now.hour())}，{realname}，欢迎使用智慧接待平台
            </h3>
            <div className="workbench__facts">
              <span>
                <ApartmentOutlined /> 当前部门：{depart}
              </span>
              <span>
                <CalendarOutlined /> {now.format('YYYY年M月D日 dddd')}
              </span>
            </div>
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="我的待办" variant="borderless">
            <span className="workbench__muted">待办事项将在工作台完整版本中展示。</span>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="我的已办" variant="borderless">
            <span className="workbench__muted">已办事项将在工作台完整版本中展示。</span>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
