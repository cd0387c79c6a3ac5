/**
 * Shell constants (spec sections 2, 7 and 9). The API base can be overridden at build time with
 * VITE_API_BASE so the same build can sit behind a proxy that mounts the API elsewhere.
 */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

/**
 * The app's time zone (the server's APP_TIMEZONE, same default): add forms show `#{date}` and `#{now}`
 * defaults in it, as the server stores them. A server run in another zone is built with
 * VITE_APP_TIMEZONE set to the same zone.
 */
export const APP_TIME_ZONE: string = import.meta.env.VITE_APP_TIMEZONE || 'Asia/Shanghai';

/** Stored file paths are served below this prefix (file URL joining, spec section 7). */
export const STATIC_PREFIX: string = import.meta.env.VITE_STATIC_PREFIX ?? `${API_BASE}/sys/common/static`;

/**
 * Secret of the X-Sign header. It ships in the bundle, so anybody can compute signatures: the signature
 * is a compatibility feature of the contract, not a security control.
 */
export const SIGN_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

export const PLATFORM_NAME = '智慧接待平台';
export const PLATFORM_TAGLINE = '接待、项目与日常办公，一站协同';
export const FOOTER_YEAR = 2021;

/** Session and dictionary cache lifetime: 15 days. */
export const SESSION_TTL_MS = 1_296_000_000;
export const REQUEST_TIMEOUT_MS = 60_000;
/** Blob downloads (exports) may take long: 30 minutes. */
export const BLOB_TIMEOUT_MS = 1_800_000;
/** Delay before the page reloads after a 401 signed the user out. */
export const RELOAD_AFTER_401_MS = 1_500;
export const SMS_COUNTDOWN_SECONDS = 60;
/** Two clicks closer than this are one click too many (你点击的太快了). */
export const CLICK_THROTTLE_MS = 300;

export const HOME_PATH = '/HomePage/index';
export const HOME_TITLE = '工作台';
/** The breadcrumb always starts here. */
export const BREADCRUMB_ROOT = { title: '每日工作', path: HOME_PATH } as const;
export const LOGIN_PATH = '/user/login';
export const PRIMARY_COLOR = '#1a74f2';

/** Side menu widths (open / collapsed) and the mobile drawer width, in px. */
export const SIDER_WIDTH = 160;
export const SIDER_COLLAPSED_WIDTH = 80;
export const MOBILE_DRAWER_WIDTH = 160;
/** Widest screen that counts as a phone (mobile portrait, mobile-l landscape). */
export const MOBILE_MAX_WIDTH = 768;
/** The auto-hiding header goes away once the page scrolled beyond this. */
export const AUTO_HIDE_HEADER_OFFSET = 100;

export const PASSWORD_DIALOG_WIDTH = 800;
export const DEPART_DIALOG_WIDTH = 450;
/** Days before expiry from which the password dialog opens by itself with a warning. */
export const PASSWORD_WARN_DAYS = 3;
export const VERSION_PAGE_SIZE = 200;

/**
 * The sign-in page's brand panel: two editions of the product use a 510px panel, the others 600px.
 * Pick the edition here; the layout reads the width from it.
 */
export const LOGIN_PANEL_EDITIONS = { standard: 600, compact: 510 } as const;
export const LOGIN_PANEL_EDITION: keyof typeof LOGIN_PANEL_EDITIONS = 'standard';
