import { describe, expect, it } from 'vitest';
import { breadcrumbFrom } from '../../src/shell/breadcrumb';
import { detectDevice, isMobileDevice, sidebarOpenFor } from '../../src/shell/device';
import { headerVisibleAfterScroll } from '../../src/shell/header-scroll';
import { passwordDialogState } from '../../src/shell/password-expiry';
import { DEFAULT_PREFS, PREF_KEYS, readPrefs, THEME_COLORS } from '../../src/shell/prefs-model';

describe('password dialog states (spec section 4)', () => {
  const changed = '2021-01-01 10:00:00';

  it('expired (0 or less): forced, with the expiry warning, opened by itself', () => {
    for (const expire of [0, -10]) {
      expect(passwordDialogState(expire, changed)).toEqual({
        title: '修改密码',
        forced: true,
        warning: '*密码已过期，修改密码后可使用!',
        openOnStart: true,
      });
    }
  });

  it('1 to 3 days: closable, with the days left, opened by itself', () => {
    for (const days of [1, 2, 3]) {
      expect(passwordDialogState(days, changed)).toEqual({
        title: '修改密码',
        forced: false,
        warning: `*密码有效时间剩余${days}天，请尽快修改密码！`,
        openOnStart: true,
      });
    }
  });

  it('more than 3 days: no warning, not opened by itself', () => {
    expect(passwordDialogState(4, changed)).toEqual({
      title: '修改密码',
      forced: false,
      warning: null,
      openOnStart: false,
    });
  });

  it('never changed: 修改初始密码, forced, asking for a personal password whatever the days', () => {
    // The server answers 0 days for a password that was never changed: that is not an expired one.
    for (const expire of [0, -3, null]) {
      expect(passwordDialogState(expire, null)).toEqual({
        title: '修改初始密码',
        forced: true,
        warning: '*首次登录，请设置您的个人密码!',
        openOnStart: true,
      });
    }
    expect(passwordDialogState(2, undefined).warning).toBe('*首次登录，请设置您的个人密码!');
  });
});

describe('device types (spec section 2)', () => {
  it('up to 768px is a phone: mobile portrait, mobile-l landscape', () => {
    expect(detectDevice({ width: 390, height: 844, coarse: true })).toBe('mobile');
    expect(detectDevice({ width: 768, height: 1024, coarse: false })).toBe('mobile');
    expect(detectDevice({ width: 740, height: 360, coarse: true })).toBe('mobile-l');
  });

  it('above 768px: a desktop with a mouse, a tablet (tablet-l landscape) with a finger', () => {
    expect(detectDevice({ width: 769, height: 900, coarse: false })).toBe('desktop');
    expect(detectDevice({ width: 1440, height: 900, coarse: false })).toBe('desktop');
    expect(detectDevice({ width: 820, height: 1180, coarse: true })).toBe('tablet');
    expect(detectDevice({ width: 1180, height: 820, coarse: true })).toBe('tablet-l');
  });

  it('desktops open the sidebar, the rest collapse it; phones get the mobile shell', () => {
    expect(sidebarOpenFor('desktop')).toBe(true);
    for (const device of ['tablet', 'tablet-l', 'mobile', 'mobile-l'] as const)
      expect(sidebarOpenFor(device)).toBe(false);
    expect(['mobile', 'mobile-l'].every((d) => isMobileDevice(d as 'mobile'))).toBe(true);
    expect(isMobileDevice('tablet')).toBe(false);
  });
});

describe('auto-hiding header', () => {
  it('hides when scrolling down beyond 100px and comes back when scrolling up or near the top', () => {
    expect(headerVisibleAfterScroll(0, 90, true)).toBe(true);
    expect(headerVisibleAfterScroll(90, 150, true)).toBe(false);
    expect(headerVisibleAfterScroll(600, 400, false)).toBe(true);
    expect(headerVisibleAfterScroll(600, 60, false)).toBe(true);
    expect(headerVisibleAfterScroll(400, 400, false)).toBe(false);
  });
});

describe('breadcrumb', () => {
  it('starts with 每日工作 and follows the titled matches, without repeating a title', () => {
    const matches = [
      { pathname: '/', handle: undefined },
      { pathname: '/HomePage', handle: { title: '每日工作' } },
      { pathname: '/HomePage/index', handle: { title: '工作台' } },
    ];
    expect(breadcrumbFrom(matches)).toEqual([
      { title: '每日工作', path: '/HomePage/index' },
      { title: '工作台', path: '/HomePage/index' },
    ]);
    expect(
      breadcrumbFrom([
        { pathname: '/workOrder', handle: { title: '工单管理' } },
        { pathname: '/workOrder/list', handle: { title: '全部工单' } },
      ]).map((c) => c.title),
    ).toEqual(['每日工作', '工单管理', '全部工单']);
  });

  it('puts the menu parents of a route lifted out of its parent before its title (a report)', () => {
    const lifted = {
      pathname: '/online/cgreport/abc',
      handle: { title: '客户等级统计', trail: [{ title: '统计分析', path: '/statistics' }] },
    };
    expect(breadcrumbFrom([lifted])).toEqual([
      { title: '每日工作', path: '/HomePage/index' },
      { title: '统计分析', path: '/statistics' },
      { title: '客户等级统计', path: '/online/cgreport/abc' },
    ]);
  });
});

describe('layout preferences', () => {
  it('defaults to the spec: #1a74f2, light, side menu, fixed width, multipage', () => {
    expect(readPrefs(() => undefined)).toEqual(DEFAULT_PREFS);
    expect(DEFAULT_PREFS).toMatchObject({
      primaryColor: '#1a74f2',
      navTheme: 'light',
      layoutMode: 'sidemenu',
      contentWidth: 'Fixed',
      multipage: true,
    });
  });

  it('offers eight colours, the default first', () => {
    expect(THEME_COLORS).toHaveLength(8);
    expect(THEME_COLORS[0].color).toBe('#1a74f2');
    expect(new Set(THEME_COLORS.map((c) => c.color)).size).toBe(8);
  });

  it('restores stored values and ignores invalid ones', () => {
    const stored: Record<string, unknown> = {
      [PREF_KEYS.navTheme]: 'dark',
      [PREF_KEYS.layoutMode]: 'topmenu',
      [PREF_KEYS.primaryColor]: '#722ED1',
      [PREF_KEYS.contentWidth]: 'Wide',
      [PREF_KEYS.multipage]: 'yes',
      [PREF_KEYS.colorWeak]: true,
    };
    expect(readPrefs((key) => stored[key])).toEqual({
      ...DEFAULT_PREFS,
      navTheme: 'dark',
      layoutMode: 'topmenu',
      primaryColor: '#722ed1',
      colorWeak: true,
    });
    expect(
      readPrefs((key) => (key === PREF_KEYS.primaryColor ? 'red; background:url(x)' : undefined))
        .primaryColor,
    ).toBe('#1a74f2');
  });
});
