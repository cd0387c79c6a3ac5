import { Layout } from 'antd';
import { PLATFORM_NAME, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../config';
import type { MenuEntry } from '../router/menu';
import type { NavTheme } from '../shell/prefs-model';
import { BrandMark } from './BrandMark';
import { SideMenu } from './SideMenu';

interface Props {
  entries: readonly MenuEntry[];
  theme: NavTheme;
  collapsed: boolean;
  /** Fixed: the sider stays while the page scrolls (its own scroll for long menus). */
  fixed: boolean;
}

/** The side menu column of the side-menu layout: logo, then the menu; 160px wide, 80px collapsed. */
export function GlobalSider({ entries, theme, collapsed, fixed }: Props): React.JSX.Element {
  return (
    <Layout.Sider
      className={`shell-sider shell-sider--${theme}${fixed ? ' shell-sider--fixed' : ''}`}
      theme={theme}
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      collapsible
    >
      <div className="shell-logo" title={PLATFORM_NAME}>
        <BrandMark size={28} />
        {!collapsed && <span className="shell-logo__title">{PLATFORM_NAME}</span>}
      </div>
      <nav className="shell-sider__menu" aria-label="主菜单">
        <SideMenu entries={entries} theme={theme} collapsed={collapsed} />
      </nav>
    </Layout.Sider>
  );
}
