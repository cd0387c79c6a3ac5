import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { PLATFORM_NAME } from '../config';
import type { MenuEntry } from '../router/menu';
import type { NavTheme } from '../shell/prefs-model';
import { BrandMark } from './BrandMark';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

export type HeaderMode = 'sidemenu' | 'topmenu' | 'mobile';

interface Props {
  mode: HeaderMode;
  theme: NavTheme;
  entries: readonly MenuEntry[];
  collapsed: boolean;
  onToggle: () => void;
  fixed: boolean;
  hidden: boolean;
  /** Top-menu layout with Fixed content width: the header's content lines up with the 1200px page. */
  narrow: boolean;
}

/**
 * The header. Side menu: the collapse trigger and the user area. Top menu: logo, horizontal menu and
 * the user area (the header takes the nav theme). Mobile: a trigger that opens the menu drawer.
 */
export function GlobalHeader(props: Props): React.JSX.Element {
  const { mode, theme, entries, collapsed, onToggle, fixed, hidden, narrow } = props;
  const top = mode === 'topmenu';
  const classes = [
    'shell-header',
    top ? `shell-header--top shell-header--${theme}` : 'shell-header--light',
    fixed ? 'shell-header--fixed' : '',
    hidden ? 'shell-header--hidden' : '',
  ];
  const toggleLabel = mode === 'mobile' ? '打开菜单' : collapsed ? '展开菜单' : '收起菜单';
  return (
    <Layout.Header className={classes.filter(Boolean).join(' ')}>
      <div className={`shell-header__inner${narrow ? ' shell-header__inner--narrow' : ''}`}>
        {top ? (
          <>
            <div className="shell-header__brand" title={PLATFORM_NAME}>
              <BrandMark size={28} />
              <span>{PLATFORM_NAME}</span>
            </div>
            <nav className="shell-header__menu" aria-label="主菜单">
              <SideMenu entries={entries} theme={theme} mode="horizontal" />
            </nav>
          </>
        ) : (
          <div className="shell-header__left">
            <Button
              type="text"
              className="shell-header__trigger"
              icon={collapsed || mode === 'mobile' ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={onToggle}
              aria-label={toggleLabel}
              title={toggleLabel}
            />
            {mode === 'mobile' && (
              <span className="shell-header__mobile-brand">
                <BrandMark size={24} />
                {PLATFORM_NAME}
              </span>
            )}
          </div>
        )}
        <UserMenu compact={mode === 'mobile'} />
      </div>
    </Layout.Header>
  );
}
