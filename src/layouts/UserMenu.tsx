import { Avatar, Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import {
  ClusterOutlined,
  HistoryOutlined,
  LockOutlined,
  LogoutOutlined,
  SettingOutlined,
  SyncOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { openDialog } from '../feedback';
import { fileUrl } from '../http/file-url';
import { logoutAndReload } from '../session/actions';
import { NoticeBell } from '../notice/NoticeBell';
import { session } from '../session/store';
import { clearCache, openDepartDialog, openPasswordDialog } from '../shell/account-actions';
import { dialogs } from '../shell/dialogs';
import { loadWechatIntegration, wechatIntegration, wechatMenuEntry } from '../shell/wechat';
import './user-menu.css';

export const UserMenuText = {
  settings: '系统设置',
  password: '修改密码',
  depart: '切换部门',
  cache: '清理缓存',
  versions: '版本日志',
  logout: '退出登录',
} as const;

export function confirmLogout(): void {
  void openDialog('confirm', {
    title: '提示',
    content: '真的要注销登录吗？',
    okText: '确定',
    cancelText: '取消',
    onOk: () => logoutAndReload(),
  });
}

const ACTIONS: Record<string, () => void> = {
  settings: () => {
    dialogs.settings = true;
  },
  password: () => void openPasswordDialog(),
  depart: () => void openDepartDialog(),
  cache: () => void clearCache(),
  wechat: () => {
    dialogs.wechat = true;
  },
  versions: () => {
    dialogs.versions = true;
  },
  logout: confirmLogout,
};

/** The header's right side: the user's dropdown (settings and account actions) and 退出登录. */
export function UserMenu({ compact }: { compact: boolean }): React.JSX.Element {
  const { userInfo, username } = useSnapshot(session);
  const { configured } = useSnapshot(wechatIntegration);
  useEffect(() => void loadWechatIntegration(), []);
  const name = userInfo?.realname || username;
  const wechat = wechatMenuEntry(userInfo?.openId, configured);
  const items: MenuProps['items'] = [
    { key: 'settings', icon: <SettingOutlined />, label: UserMenuText.settings },
    { key: 'password', icon: <LockOutlined />, label: UserMenuText.password },
    { key: 'depart', icon: <ClusterOutlined />, label: UserMenuText.depart },
    { key: 'cache', icon: <SyncOutlined />, label: UserMenuText.cache },
    {
      key: 'wechat',
      icon: <WechatOutlined />,
      disabled: wechat.disabled,
      label: wechat.hint ? (
        <Tooltip title={wechat.hint} placement="left">
          <span>{wechat.label}</span>
        </Tooltip>
      ) : (
        wechat.label
      ),
    },
    { key: 'versions', icon: <HistoryOutlined />, label: UserMenuText.versions },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: UserMenuText.logout },
  ];
  return (
    <div className="shell-header__right">
      <NoticeBell />
      <Dropdown
        menu={{ items, onClick: ({ key }) => ACTIONS[key]?.() }}
        placement="bottomRight"
        trigger={['click']}
      >
        {/* A pointer press does not focus the button (the menu still opens on the click): focus left
            on it would light its ring at the next key press, e.g. Shift switching the input method,
            while the user is elsewhere. Keyboard focus (Tab, Esc closing the menu) stays visible. */}
        <button
          type="button"
          className="shell-user"
          aria-label="用户菜单"
          onMouseDown={(event) => event.preventDefault()}
        >
          <Avatar size="small" src={fileUrl(userInfo?.avatar) || undefined} icon={<UserOutlined />} />
          {!compact && <span className="shell-user__name">{name}</span>}
        </button>
      </Dropdown>
      <Button
        type="text"
        className="shell-header__action"
        icon={<LogoutOutlined />}
        onClick={confirmLogout}
        aria-label={UserMenuText.logout}
      >
        {compact ? null : UserMenuText.logout}
      </Button>
    </div>
  );
}
