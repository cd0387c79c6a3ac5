import type { ConfigProviderProps, ThemeConfig } from 'antd';
import { PRIMARY_COLOR } from './config';

/** Chinese UI fonts first so zh_CN text never falls back to a serif face. */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif";

/**
 * Whether the person asked their system for less motion (an accessibility setting: vestibular
 * disorders, or just a slow machine). antd then opens dialogs, menus and trees without animating them.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** The antd theme for a primary colour (the theme drawer's choice, #1a74f2 by default). */
export function themeFor(primary: string = PRIMARY_COLOR, motion = !prefersReducedMotion()): ThemeConfig {
  return {
    token: {
      motion,
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      fontFamily: FONT_FAMILY,
      borderRadius: 6,
    },
  };
}

/** ConfigProvider settings shared by the app and by dialogs rendered outside it. */
export function appConfig(primary?: string): Pick<ConfigProviderProps, 'theme' | 'button'> {
  return {
    theme: themeFor(primary),
    // Keep '登录' as written: antd would render two-character labels as '登 录'.
    button: { autoInsertSpace: false },
  };
}
