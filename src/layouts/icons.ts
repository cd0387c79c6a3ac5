import { useEffect, useState, type ComponentType } from 'react';

export type IconMap = Readonly<Record<string, ComponentType>>;

/**
 * The icon component name for a menu icon value: 'HomeOutlined' as is; legacy antd 3 names such as
 * 'home' or 'file-text' become 'HomeOutlined' / 'FileTextOutlined'.
 */
export function iconComponentName(value: string): string {
  const trimmed = value.trim();
  if (/^[A-Z]/.test(trimmed)) return trimmed;
  const pascal = trimmed
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  return /(Outlined|Filled|TwoTone)$/.test(pascal) ? pascal : `${pascal}Outlined`;
}

let loaded: IconMap | null = null;
let loading: Promise<IconMap> | null = null;

function loadIcons(): Promise<IconMap> {
  loading ??= import('./icon-map').then((module) => {
    loaded = module.MENU_ICONS;
    return loaded;
  });
  return loading;
}

/** The menu icon map; null until its chunk arrived (the menu renders without icons meanwhile). */
export function useMenuIcons(): IconMap | null {
  const [icons, setIcons] = useState<IconMap | null>(loaded);
  useEffect(() => {
    if (icons) return undefined;
    let active = true;
    void loadIcons().then((map) => {
      if (active) setIcons(map);
    });
    return () => {
      active = false;
    };
  }, [icons]);
  return icons;
}
