import { proxy } from 'valtio';
import { getAction } from '../http/client';
import type { Result } from '../session/types';

/**
 * 绑定微信 (spec 000 section 4: unbound shows a QR code, bound a success dialog with an edit option).
 * The server holds the WeChat settings; the browser only learns whether they exist and, per dialog,
 * the binding link of the signed-in user.
 */
export const WechatText = {
  bind: '绑定微信',
  bound: '微信已绑定',
  unconfigured: '绑定微信（未配置）',
  unconfiguredHint: '系统未配置微信集成，暂时无法绑定微信，请联系系统管理员',
  notConfiguredTitle: '未配置微信集成',
  scan: '请使用微信扫一扫，扫描二维码完成绑定',
  expired: '二维码已过期',
  refresh: '刷新二维码',
  boundTitle: '已绑定微信',
  boundDetail: '当前账号已绑定微信，可通过微信接收待办与通知提醒。',
  rebind: '修改绑定',
} as const;

export interface WechatStatus {
  configured: boolean;
  openId: string | null;
}

export interface WechatBindLink {
  url: string;
  expiresIn: number;
}

export function fetchWechatStatus(): Promise<Result<WechatStatus>> {
  return getAction<WechatStatus>('/sys/thirdLogin/wechat/status');
}

export function fetchWechatBindLink(): Promise<Result<WechatBindLink>> {
  return getAction<WechatBindLink>('/sys/thirdLogin/wechat/bindUrl');
}

/** Whether the server has the WeChat settings: null until its answer arrived (or when it failed). */
export const wechatIntegration = proxy<{ configured: boolean | null }>({ configured: null });

let asked: Promise<void> | null = null;

/** Asks the server once per page life; the header's user menu calls it when it mounts. */
export function loadWechatIntegration(): Promise<void> {
  asked ??= fetchWechatStatus()
    .then((res) => {
      if (res.success) wechatIntegration.configured = res.result.configured;
    })
    .catch(() => {
      // Unknown stays null: the entry stays usable and the dialog explains what the server says.
      asked = null;
    });
  return asked;
}

export interface WechatMenuEntry {
  label: string;
  disabled: boolean;
  /** Why the entry is disabled, shown as its tooltip. */
  hint: string | null;
}

/**
 * The user-menu entry: 微信已绑定 for a bound account (its dialog shows the binding), 绑定微信 when
 * the integration is there or not known yet, and a disabled 绑定微信（未配置） when the server said it
 * is not configured, rather than a dialog that cannot do anything.
 */
export function wechatMenuEntry(
  openId: string | null | undefined,
  configured: boolean | null,
): WechatMenuEntry {
  if (openId) return { label: WechatText.bound, disabled: false, hint: null };
  if (configured === false) {
    return { label: WechatText.unconfigured, disabled: true, hint: WechatText.unconfiguredHint };
  }
  return { label: WechatText.bind, disabled: false, hint: null };
}

/** Milliseconds before the QR code stops working, kept a little short of the server's limit. */
export function qrLifetimeMs(expiresInSeconds: number): number {
  return Math.max(0, expiresInSeconds - 5) * 1000;
}
