/**
 * Every @ant-design/icons icon by name (outlined, filled and two-tone), for the 图标 screen, the
 * `icon` form widget and the side menu's icons that its own small map does not hold. The set is
 * some 850 icons (~250 KiB gzip): it is one chunk of its own, fetched by the first caller of
 * loadIconCatalog, never part of a list's or the menu's first load.
 */
import { createElement, type ComponentType } from 'react';

export type IconTheme = 'Outlined' | 'Filled' | 'TwoTone';

export const ICON_THEMES: readonly { theme: IconTheme; label: string }[] = [
  { theme: 'Outlined', label: '线框风格' },
  { theme: 'Filled', label: '实底风格' },
  { theme: 'TwoTone', label: '双色风格' },
];

const ICON_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

export interface IconCatalog {
  /** Every icon name, sorted. */
  names: readonly string[];
  get(name: string): ComponentType<{ style?: React.CSSProperties; className?: string }> | undefined;
}

let loading: Promise<IconCatalog> | null = null;

interface IconDefinition {
  name: string;
  theme: string;
  icon: unknown;
}

/**
 * The icon definitions (SVG data of @ant-design/icons-svg) drawn by the same component the named
 * icon imports use. Not the `@ant-design/icons` index: the app's own `import { X } from
 * '@ant-design/icons'` resolve through it, and a lazy import of the whole index made the bundler
 * put every icon in the chunk those static imports load.
 */
export function loadIconCatalog(): Promise<IconCatalog> {
  loading ??= Promise.all([
    import('@ant-design/icons-svg/lib/index.js'),
    import('@ant-design/icons/es/components/AntdIcon'),
  ]).then(([module, antd]) => {
    const AntdIcon = antd.default as unknown as ComponentType<{ icon: IconDefinition }>;
    // The CommonJS build: its modules are not the ES ones the app's named icons import, so no chunk
    // of the app shares a module with this one (nor waits for its list of dependencies).
    const cjs = module as unknown as { default?: Record<string, unknown> } & Record<string, unknown>;
    const definitions = cjs.default && typeof cjs.default === 'object' ? cjs.default : cjs;
    const icons = new Map<string, ComponentType>();
    for (const [name, value] of Object.entries(definitions)) {
      if (!ICON_NAME.test(name) || typeof value !== 'object' || value === null) continue;
      const definition = value as IconDefinition;
      const Icon = (props: object) => createElement(AntdIcon, { ...props, icon: definition });
      Icon.displayName = name;
      icons.set(name, Icon);
    }
    return { names: [...icons.keys()].sort(), get: (name) => icons.get(name) };
  });
  // A failed download may be retried by the next caller.
  loading.catch(() => (loading = null));
  return loading;
}

/** Whether a text has the shape of an icon name (HomeOutlined, StarFilled, SmileTwoTone). */
export function isIconName(name: string): boolean {
  return ICON_NAME.test(name);
}

export function themeOf(name: string): IconTheme {
  if (name.endsWith('TwoTone')) return 'TwoTone';
  return name.endsWith('Filled') ? 'Filled' : 'Outlined';
}
