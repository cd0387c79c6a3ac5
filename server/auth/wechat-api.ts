import type { WechatConfig } from './wechat-config.js';

/** WeChat's web-authorisation page; a phone that scans the link opens it inside WeChat. */
const AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';
const EXCHANGE_TIMEOUT_MS = 10_000;

/**
 * The binding link for one state. `snsapi_base` asks for the openid only, silently (no consent page
 * with the user's profile). WeChat reads the parameters in this order and wants the fragment.
 */
export function bindLink(config: WechatConfig, state: string): string {
  const query = [
    `appid=${encodeURIComponent(config.appId)}`,
    `redirect_uri=${encodeURIComponent(config.redirectUri)}`,
    'response_type=code',
    'scope=snsapi_base',
    `state=${state}`,
  ].join('&');
  return `${AUTHORIZE_URL}?${query}#wechat_redirect`;
}

export type CodeExchange = { openId: string } | { error: string };

interface AccessTokenAnswer {
  openid?: unknown;
  errcode?: unknown;
  errmsg?: unknown;
}

/**
 * Trades the code WeChat gave the phone for the user's openid (sns/oauth2/access_token). The access
 * token that comes with it is not kept: binding needs the openid only. Failures come back as a short
 * reason for the log, never thrown: the caller answers the phone with a page either way.
 */
export async function exchangeCode(config: WechatConfig, code: string): Promise<CodeExchange> {
  const params = new URLSearchParams({
    appid: config.appId,
    secret: config.appSecret,
    code,
    grant_type: 'authorization_code',
  });
  let answer: AccessTokenAnswer;
  try {
    const res = await fetch(`${config.apiBase}/sns/oauth2/access_token?${params.toString()}`, {
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    if (!res.ok) return { error: `HTTP ${res.status}` };
    // WeChat answers JSON with a text/plain content type, so the body is parsed by hand.
    answer = JSON.parse(await res.text()) as AccessTokenAnswer;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (typeof answer.openid === 'string' && answer.openid.length > 0 && answer.openid.length <= 100) {
    return { openId: answer.openid };
  }
  return { error: `errcode ${String(answer.errcode)}: ${String(answer.errmsg)}` };
}
