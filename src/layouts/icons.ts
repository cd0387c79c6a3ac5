import { createElement, lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/** The shape of an @ant-design/icons name (HomeOutlined, StarFilled, SmileTwoTone). */
const ICON_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

/**
 * An icon of the full @ant-design/icons set, for a name an admin picked that neither map holds:
 * the catalogue (and its code) loads only then, never with the menu.
 */
async function fromCatalog(name: string): Promise<{ default: ComponentType }> {
  const { loadIconCatalog } = await import('../../runtime/render/widgets/icon-catalog');
  const icon = (await loadIconCatalog()).get(name);
  return { default: icon ?? (() => null) };
}

export interface IconMap {
  /** Icons in the menu's chunk. */
  icons: Readonly<Record<string, ComponentType>>;
  /** Icons fetched one by one when a menu names them. */
  more: Readonly<Record<string, () => Promise<{ default: ComponentType }>>>;
}

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
    loaded = { icons: module.MENU_ICONS, more: module.MORE_MENU_ICONS };
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

const fetched = new Map<string, ComponentType>();

/** The component of a menu icon name, or undefined for a name no map knows (no icon then). */
export function resolveIcon(map: IconMap, name: string): ComponentType | undefined {
  const near = map.icons[name];
  if (near) return near;
  // A name outside both maps (an admin picked it with the icon widget) comes from the full set.
  const load = map.more[name] ?? (ICON_NAME.test(name) ? () => fromCatalog(name) : undefined);
  if (!load) return undefined;
  let icon = fetched.get(name);
  if (!icon) {
    const Lazy = lazy(load);
    // The icon's chunk may still be on its way: the menu item shows no icon until it is there.
    icon = () => createElement(Suspense, { fallback: null }, createElement(Lazy));
    fetched.set(name, icon);
  }
  return icon;
}
