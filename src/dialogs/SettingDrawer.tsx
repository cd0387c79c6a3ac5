import { Divider, Drawer, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { setPref, prefs } from '../shell/prefs';
import { resetTabs } from '../shell/tabs';
import type { ContentWidth, LayoutMode, NavTheme } from '../shell/prefs-model';
import { ColorChoice, PictureChoice, SettingRow, SettingSection } from './setting-parts';
import './dialogs.css';

const NAV_THEMES = [
  { value: 'dark', label: '暗色菜单风格', picture: 'dark' },
  { value: 'light', label: '亮色菜单风格', picture: 'light' },
] as const satisfies readonly { value: NavTheme; label: string; picture: string }[];

const LAYOUT_MODES = [
  { value: 'sidemenu', label: '侧边栏导航', picture: 'side' },
  { value: 'topmenu', label: '顶部栏导航', picture: 'top' },
] as const satisfies readonly { value: LayoutMode; label: string; picture: string }[];

const CONTENT_WIDTHS: { value: ContentWidth; label: string }[] = [
  { value: 'Fixed', label: '固定' },
  { value: 'Fluid', label: '流式' },
];

/**
 * Esc closes the drawer, whatever inside it has the focus or the pointer. antd hands Esc to the
 * newest open popup only, and the swatch just clicked still shows its tooltip (the pointer rests on
 * it), so Esc would only hide that tooltip. A control whose own list is open (the content-width
 * select) keeps Esc for closing that list. Returns the clean-up.
 */
function closeOnEscape(onClose: () => void): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    // Only a list opened inside the drawer: the header's 用户菜单 button (focused again when its menu
    // closed behind the drawer) may still say expanded, and must not keep the drawer open.
    if (target?.closest('.setting-drawer [aria-expanded="true"]')) return;
    onClose();
  };
  // Capture: before antd's own Esc handling, which stops the event at the tooltip.
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}

/**
 * 系统设置: the theme drawer. Every change applies at once and is stored in this browser
 * (restored at the next start).
 */
export default function SettingDrawer({ onClose }: { onClose: () => void }): React.JSX.Element {
  const p = useSnapshot(prefs);
  const top = p.layoutMode === 'topmenu';
  useEffect(() => closeOnEscape(onClose), [onClose]);
  return (
    <Drawer open title="系统设置" placement="right" size={300} onClose={onClose} className="setting-drawer">
      <SettingSection title="整体风格设置">
        <PictureChoice
          label="整体风格设置"
          options={NAV_THEMES}
          value={p.navTheme}
          onChange={(value) => setPref('navTheme', value)}
        />
      </SettingSection>
      <SettingSection title="主题色">
        <ColorChoice value={p.primaryColor} onChange={(color) => setPref('primaryColor', color)} />
      </SettingSection>
      <Divider />
      <SettingSection title="导航模式">
        <PictureChoice
          label="导航模式"
          options={LAYOUT_MODES}
          value={p.layoutMode}
          onChange={(value) => setPref('layoutMode', value)}
        />
        <SettingRow label="内容区域宽度" hint={top ? undefined : '该设定仅 [顶部栏导航] 时有效'}>
          <Select
            size="small"
            aria-label="内容区域宽度"
            disabled={!top}
            value={p.contentWidth}
            options={CONTENT_WIDTHS}
            onChange={(value: ContentWidth) => setPref('contentWidth', value)}
            style={{ width: 80 }}
          />
        </SettingRow>
        <SettingRow label="固定顶栏">
          <Switch
            size="small"
            aria-label="固定顶栏"
            checked={p.fixedHeader}
            onChange={(on) => setPref('fixedHeader', on)}
          />
        </SettingRow>
        <SettingRow label="下滑时隐藏顶栏" hint={p.fixedHeader ? undefined : '固定顶栏 时可配置'}>
          <Switch
            size="small"
            aria-label="下滑时隐藏顶栏"
            disabled={!p.fixedHeader}
            checked={p.autoHideHeader}
            onChange={(on) => setPref('autoHideHeader', on)}
          />
        </SettingRow>
        <SettingRow label="固定侧边菜单" hint={top ? '该设定仅 [侧边栏导航] 时有效' : undefined}>
          <Switch
            size="small"
            aria-label="固定侧边菜单"
            disabled={top}
            checked={p.fixedSidebar}
            onChange={(on) => setPref('fixedSidebar', on)}
          />
        </SettingRow>
      </SettingSection>
      <Divider />
      <SettingSection title="其他设置">
        <SettingRow label="色弱模式">
          <Switch
            size="small"
            aria-label="色弱模式"
            checked={p.colorWeak}
            onChange={(on) => setPref('colorWeak', on)}
          />
        </SettingRow>
        <SettingRow label="多页签模式">
          <Switch
            size="small"
            aria-label="多页签模式"
            checked={p.multipage}
            onChange={(on) => {
              setPref('multipage', on);
              // The tabs of a previous multipage session would come back stale.
              if (!on) resetTabs();
            }}
          />
        </SettingRow>
      </SettingSection>
    </Drawer>
  );
}
