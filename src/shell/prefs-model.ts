import { PRIMARY_COLOR } from '../config';

/** Layout preferences of the theme drawer (spec section 2), persisted per browser. */
export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface LayoutPrefs {
  navTheme: NavTheme;
  layoutMode: LayoutMode;
  primaryColor: string;
  /** Fixed: content at most 1200px wide (top-menu layout only); Fluid: full width. */
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  /** Hide the (fixed) header while scrolling down past 100px. */
  autoHideHeader: boolean;
  fixedSidebar: boolean;
  colorWeak: boolean;
  multipage: boolean;
}

/** Spec section 9: primary #1a74f2, light, side menu, fixed width, multipage on. */
export const DEFAULT_PREFS: Readonly<LayoutPrefs> = {
  navTheme: 'light',
  layoutMode: 'sidemenu',
  primaryColor: PRIMARY_COLOR,
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixedSidebar: true,
  colorWeak: false,
  multipage: true,
};

/** localStorage keys, named as the Vue2 client named them so existing browsers keep their choices. */
export const PREF_KEYS: Readonly<Record<keyof LayoutPrefs, string>> = {
  navTheme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  primaryColor: 'DEFAULT_COLOR',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  fixedSidebar: 'DEFAULT_FIXED_SIDEMENU',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  multipage: 'DEFAULT_MULTI_PAGE',
};

/** The eight theme colours of the drawer; the product's blue is the default. */
export const THEME_COLORS: readonly { name: string; color: string }[] = [
  { name: '默认蓝', color: PRIMARY_COLOR },
  { name: '薄暮', color: '#f5222d' },
  { name: '火山', color: '#fa541c' },
  { name: '日暮', color: '#faad14' },
  { name: '明青', color: '#13c2c2' },
  { name: '极光绿', color: '#52c41a' },
  { name: '极客蓝', color: '#2f54eb' },
  { name: '酱紫', color: '#722ed1' },
];

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * Preferences from storage: every value is checked, so a hand-edited or outdated entry falls back
 * to its default instead of breaking the layout.
 */
export function readPrefs(read: (key: string) => unknown): LayoutPrefs {
  const d = DEFAULT_PREFS;
  const color = read(PREF_KEYS.primaryColor);
  return {
    navTheme: oneOf(read(PREF_KEYS.navTheme), ['dark', 'light'], d.navTheme),
    layoutMode: oneOf(read(PREF_KEYS.layoutMode), ['sidemenu', 'topmenu'], d.layoutMode),
    primaryColor: typeof color === 'string' && HEX_COLOR.test(color) ? color.toLowerCase() : d.primaryColor,
    contentWidth: oneOf(read(PREF_KEYS.contentWidth), ['Fixed', 'Fluid'], d.contentWidth),
    fixedHeader: bool(read(PREF_KEYS.fixedHeader), d.fixedHeader),
    autoHideHeader: bool(read(PREF_KEYS.autoHideHeader), d.autoHideHeader),
    fixedSidebar: bool(read(PREF_KEYS.fixedSidebar), d.fixedSidebar),
    colorWeak: bool(read(PREF_KEYS.colorWeak), d.colorWeak),
    multipage: bool(read(PREF_KEYS.multipage), d.multipage),
  };
}
