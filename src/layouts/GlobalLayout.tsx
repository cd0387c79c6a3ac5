import { Layout } from 'antd';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../config';
import { buildMenuEntries } from '../router/menu';
import { session } from '../session/store';
import { isMobileDevice, sidebarOpenFor, type DeviceType } from '../shell/device';
import { prefs } from '../shell/prefs';
import { GlobalFooter } from './GlobalFooter';
import { GlobalHeader, type HeaderMode } from './GlobalHeader';
import { GlobalSider } from './GlobalSider';
import { useAutoHideHeader } from './useAutoHideHeader';
import { VersionBanner } from './VersionBanner';

// Phones only: the drawer (antd Drawer) is not part of a desktop's first load.
const MobileDrawer = lazy(() => import('./MobileDrawer').then((m) => ({ default: m.MobileDrawer })));

interface Props {
  device: DeviceType;
  children: ReactNode;
}

/**
 * The frame around every signed-in page: menu (sider, top menu or drawer by layout and device),
 * header, release banner, the page (children) and the footer.
 */
export function GlobalLayout({ device, children }: Props): React.JSX.Element {
  const { menu } = useSnapshot(session);
  const p = useSnapshot(prefs);
  const entries = useMemo(() => buildMenuEntries(menu), [menu]);
  const mobile = isMobileDevice(device);
  const [collapsed, setCollapsed] = useState(!sidebarOpenFor(device));
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A device change resets the sidebar: desktops open it, tablets collapse it, phones use the drawer.
  const [seenDevice, setSeenDevice] = useState(device);
  if (seenDevice !== device) {
    setSeenDevice(device);
    setCollapsed(!sidebarOpenFor(device));
    setDrawerOpen(false);
  }
  const mode: HeaderMode = mobile ? 'mobile' : p.layoutMode;
  const fixedHeader = p.fixedHeader;
  const headerVisible = useAutoHideHeader(fixedHeader && p.autoHideHeader);
  const fixedSidebar = mode === 'sidemenu' && p.fixedSidebar;
  const offset = fixedSidebar ? (collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH) : 0;
  const narrow = mode === 'topmenu' && p.contentWidth === 'Fixed';
  const toggle = () => (mobile ? setDrawerOpen(true) : setCollapsed((value) => !value));

  return (
    <Layout
      className={`shell shell--${mode} shell--nav-${p.navTheme}${narrow ? ' shell--narrow' : ''}`}
      data-device={device}
      hasSider={mode === 'sidemenu'}
    >
      {mode === 'sidemenu' && (
        <GlobalSider entries={entries} theme={p.navTheme} collapsed={collapsed} fixed={fixedSidebar} />
      )}
      {mobile && (
        <Suspense fallback={null}>
          <MobileDrawer
            entries={entries}
            theme={p.navTheme}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
      <Layout className="shell-main" style={{ marginLeft: offset }}>
        <GlobalHeader
          mode={mode}
          theme={p.navTheme}
          entries={entries}
          collapsed={collapsed}
          onToggle={toggle}
          fixed={fixedHeader}
          hidden={!headerVisible}
          narrow={narrow}
        />
        <VersionBanner />
        {children}
        <GlobalFooter />
      </Layout>
    </Layout>
  );
}
