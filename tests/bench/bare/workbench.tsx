// Bench baseline: a bare React + antd 6 + router page with the visible components of the signed-in
// workbench (side menu with icons, header with avatar and dropdown, tab bar, banner, breadcrumb,
// welcome card, two cards) and nothing of the product. Built by tests/bench/bundle.ts.
import {
  Alert,
  Avatar,
  Breadcrumb,
  Button,
  Card,
  Col,
  ConfigProvider,
  Dropdown,
  Layout,
  Menu,
  Row,
  Tabs,
  Typography,
} from 'antd';
import zhCN from 'antd/locale/zh_CN';
import {
  ApartmentOutlined,
  CalendarOutlined,
  DesktopOutlined,
  FileDoneOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  NotificationOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const MENU = [
  {
    key: 'home',
    icon: <HomeOutlined />,
    label: '每日工作',
    children: [{ key: '/HomePage/index', icon: <DesktopOutlined />, label: '工作台' }],
  },
  {
    key: 'order',
    icon: <FileDoneOutlined />,
    label: '工单管理',
    children: [{ key: 'o1', label: '全部工单' }],
  },
  { key: 'meeting', icon: <TeamOutlined />, label: '会议管理', children: [{ key: 'm1', label: '会议列表' }] },
];

function Workbench() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" width={160}>
        <Menu mode="inline" items={MENU} defaultOpenKeys={['home']} selectedKeys={['/HomePage/index']} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'space-between' }}>
          <Button type="text" icon={<MenuFoldOutlined />} />
          <span>
            <Dropdown menu={{ items: [{ key: 'password', label: '修改密码' }] }}>
              <Avatar icon={<UserOutlined />} />
            </Dropdown>
            <Button type="text" icon={<LogoutOutlined />}>
              退出登录
            </Button>
          </span>
        </Layout.Header>
        <Alert banner type="info" icon={<NotificationOutlined />} title="系统将于本周六升级" closable />
        <Tabs type="editable-card" hideAdd items={[{ key: 'home', label: '工作台', closable: false }]} />
        <Layout.Content style={{ padding: 16 }}>
          <Breadcrumb items={[{ title: '每日工作' }, { title: '工作台' }]} />
          <Card>
            <Avatar size={64} icon={<UserOutlined />} />
            <Typography.Title level={3}>下午好，张伟，欢迎使用智慧接待平台</Typography.Title>
            <ApartmentOutlined /> 当前部门：项目管理部 <CalendarOutlined /> 2021年10月20日
          </Card>
          <Row gutter={16}>
            <Col span={12}>
              <Card title="我的待办">待办事项</Card>
            </Col>
            <Col span={12}>
              <Card title="我的已办">已办事项</Card>
            </Col>
          </Row>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Workbench /> }]);
createRoot(document.getElementById('root')!).render(
  <ConfigProvider
    locale={zhCN}
    theme={{ token: { colorPrimary: '#1a74f2' } }}
    button={{ autoInsertSpace: false }}
  >
    <RouterProvider router={router} />
  </ConfigProvider>,
);
