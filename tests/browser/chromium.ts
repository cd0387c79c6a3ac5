/** Debian's Chromium with the flags every browser test and bench uses (never a downloaded browser). */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * What every test page's context asks for: Chinese, and reduced motion (the app then opens dialogs,
 * menus and trees without animating, so a click on a loaded machine never lands on a dialog that is
 * still growing).
 */
export const TEST_CONTEXT = { locale: 'zh-CN', reducedMotion: 'reduce' } as const;

/** Playwright gives every launch a fresh temporary profile (user data directory). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
