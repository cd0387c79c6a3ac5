import { Drawer } from 'antd';
import { MOBILE_DRAWER_WIDTH, PLATFORM_NAME } from '../config';
import type { MenuEntry } from '../router/menu';
import type { NavTheme } from '../shell/prefs-model';
import { BrandMark } from './BrandMark';
import { SideMenu } from './SideMenu';

interface Props {
  entries: readonly MenuEntry[];
  theme: NavTheme;
  open: boolean;
  onClose: () => void;
}

/** On phones the menu lives in a 160px drawer from the left; choosing a page closes it. */
export function MobileDrawer({ entries, theme, open, onClose }: Props): React.JSX.Element {
  return (
    <Drawer
      className={`shell-drawer shell-sider--${theme}`}
      placement="left"
      size={MOBILE_DRAWER_WIDTH}
      closable={false}
      open={open}
      onClose={onClose}
      styles={{ body: { padding: 0, background: theme === 'dark' ? '#001529' : '#fff' } }}
    >
      <div className="shell-logo" title={PLATFORM_NAME}>
        <BrandMark size={28} />
        <span className="shell-logo__title">{PLATFORM_NAME}</span>
      </div>
      <nav aria-label="主菜单">
        <SideMenu entries={entries} theme={theme} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
