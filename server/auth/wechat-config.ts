/**
 * The WeChat integration binds an account to the user's WeChat (its openid) through a WeChat Official
 * Account's web authorisation: the browser shows the binding link as a QR code, WeChat on the phone
 * opens it, asks WeChat's servers for a code and brings the phone to our callback, which trades the
 * code for the openid.
 */
export interface WechatConfig {
  /** The Official Account's AppID (WECHAT_APP_ID). */
  appId: string;
  /** Its AppSecret (WECHAT_APP_SECRET): used by the server only, never answered. */
  appSecret: string;
  /**
   * The public address of GET {API_BASE}/sys/thirdLogin/wechat/callback (WECHAT_REDIRECT_URI); its host
   * must be the account's registered web-authorisation domain.
   */
  redirectUri: string;
  /** WeChat's API server. Not read from the environment: tests point it at a local stand-in. */
  apiBase: string;
}

export const WECHAT_API_BASE = 'https://api.weixin.qq.com';

const VARIABLES = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_REDIRECT_URI'] as const;

/**
 * The integration is on only when all three variables are set. Some but not all, or a callback that
 * is not an http(s) address, stops the server: a half-configured binding would fail only on a phone.
 */
export function parseWechatConfig(env: NodeJS.ProcessEnv): WechatConfig | null {
  const [appId, appSecret, redirectUri] = VARIABLES.map((name) => (env[name] ?? '').trim());
  const set = [appId, appSecret, redirectUri].filter(Boolean).length;
  if (set === 0) return null;
  if (set < VARIABLES.length) throw new Error(`${VARIABLES.join(', ')} must be set together`);
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw new Error('WECHAT_REDIRECT_URI must be an absolute http(s) address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error('WECHAT_REDIRECT_URI must be an absolute http(s) address');
  }
  return { appId, appSecret, redirectUri, apiBase: WECHAT_API_BASE };
}
