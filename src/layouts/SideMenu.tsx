import { Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ancestorKeys, type MenuEntry } from '../router/menu';
import type { NavTheme } from '../shell/prefs-model';
import { iconComponentName, resolveIcon, useMenuIcons, type IconMap } from './icons';
import { MenuLabel } from './MenuLabel';

type MenuItem = Required<MenuProps>['items'][number];

/** How titles show: 'cut' (the open inline menu, whose titles may be cut), 'collapsed' (icons only) or 'plain'. */
type TitleMode = 'cut' | 'collapsed' | 'plain';

function toItems(
  entries: readonly MenuEntry[],
  icons: IconMap | null,
  titles: TitleMode,
  top = true,
): MenuItem[] {
  return entries.map((entry) => {
    const Icon = entry.icon && icons ? resolveIcon(icons, iconComponentName(entry.icon)) : undefined;
    const icon = Icon ? createElement(Icon) : undefined;
    const label = titles === 'cut' ? <MenuLabel text={entry.label} /> : entry.label;
    if (!entry.children) return { key: entry.key, label, icon };
    const children = toItems(entry.children, icons, titles, false);
    // Collapsed to icons, a group's popup would list its pages under no name: it starts with the title.
    if (titles === 'collapsed' && top) {
      return {
        key: entry.key,
        label,
        icon,
        children: [{ type: 'group', key: `${entry.key}#title`, label: entry.label, children }],
      };
    }
    return { key: entry.key, label, icon, children };
  });
}

function findEntry(entries: readonly MenuEntry[], key: string): MenuEntry | undefined {
  for (const entry of entries) {
    if (entry.key === key) return entry;
    const inner = entry.children && findEntry(entry.children, key);
    if (inner) return inner;
  }
  return undefined;
}

interface Props {
  entries: readonly MenuEntry[];
  theme: NavTheme;
  /** 'horizontal' in the top-menu layout; antd then manages its popups itself. */
  mode?: 'inline' | 'horizontal';
  collapsed?: boolean;
  /** Called after a click navigated (the mobile drawer closes). */
  onNavigate?: () => void;
}

/**
 * The menu of the server's tree. Inline: one submenu open at a time (opening one closes its
 * siblings); collapsing clears the open keys and caches them, expanding restores them, so collapsed
 * popups never stick open.
 */
export function SideMenu({ entries, theme, mode = 'inline', collapsed = false, onNavigate }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const icons = useMenuIcons();
  const titles: TitleMode = mode !== 'inline' ? 'plain' : collapsed ? 'collapsed' : 'cut';
  const items = useMemo(() => toItems(entries, icons, titles), [entries, icons, titles]);
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    collapsed ? [] : ancestorKeys(entries, pathname),
  );
  const cachedKeys = useRef<string[]>([]);

  useEffect(() => {
    if (collapsed) {
      setOpenKeys((keys) => {
        cachedKeys.current = keys;
        return [];
      });
    } else {
      setOpenKeys(cachedKeys.current.length > 0 ? cachedKeys.current : ancestorKeys(entries, pathname));
    }
    // Only the collapse state drives this; route changes must not reopen a submenu the user closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collapsed]);

  // A link inside a page (or a tab) that opens another menu entry's page: the menu follows, as
  // for a click on the entry, opening that entry's submenu (one open at a time). A page outside
  // the menu, or an entry at the top level, leaves the open submenu as the user left it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const keys = ancestorKeys(entries, pathname);
    if (keys.length === 0) return;
    if (collapsed) cachedKeys.current = keys;
    else setOpenKeys((open) => (keys.every((key) => open.includes(key)) ? open : keys));
  }, [pathname, entries, collapsed]);

  const onOpenChange: MenuProps['onOpenChange'] = (keys) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    if (!opened) return setOpenKeys(keys);
    // Keep the newly opened submenu and its ancestors only.
    setOpenKeys([...ancestorKeys(entries, opened), opened]);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = findEntry(entries, key);
    if (entry?.externalUrl) {
      window.open(entry.externalUrl, '_blank', 'noopener,noreferrer');
      return;
    }
    if (key !== pathname) navigate(key);
    onNavigate?.();
  };

  const inline = mode === 'inline';
  return (
    <Menu
      theme={theme}
      mode={mode}
      // A 160px sider: a smaller indent leaves room for four-character titles beside their icons.
      inlineIndent={16}
      items={items}
      selectedKeys={[pathname]}
      openKeys={inline ? openKeys : undefined}
      onOpenChange={inline ? onOpenChange : undefined}
      onClick={onClick}
    />
  );
}
