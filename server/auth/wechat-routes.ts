import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { AuthMessages, type AuthContext } from '../http/authenticate.js';
import { ApiError, ok, ResultCode } from '../result.js';
import { querySchema } from './common.js';
import { bindLink, exchangeCode } from './wechat-api.js';
import { BIND_STATE_TTL_MS, consumeBindState, issueBindState } from './wechat-state.js';

export const WechatMessages = {
  notConfigured: '未配置微信集成，请联系系统管理员',
  bound: '绑定成功',
  boundDetail: '您的账号已绑定此微信，请回到电脑上继续操作。',
  stateInvalid: '二维码已失效',
  stateInvalidDetail: '请在电脑上重新打开“绑定微信”，扫描新的二维码。',
  noCode: '未获得微信授权',
  exchangeFailed: '微信授权失败',
  retryDetail: '请在电脑上重新打开“绑定微信”后再试。',
  takenByOther: '该微信已绑定其他账号',
  takenDetail: '一个微信只能绑定一个账号，请使用其他微信扫码。',
  accountGone: '账号不存在或已停用',
} as const;

export interface WechatStatus {
  configured: boolean;
  /** The signed-in user's openid, null when not bound (the dialog polls this while its QR code shows). */
  openId: string | null;
}

export interface WechatBindLink {
  url: string;
  /** Seconds the link works. */
  expiresIn: number;
}

function signedIn(auth: AuthContext | null): AuthContext {
  // The 'authenticated' access declaration guarantees this; the check keeps the types honest.
  if (!auth) throw new ApiError(AuthMessages.tokenInvalid, ResultCode.TOKEN_INVALID, 401);
  return auth;
}

/** The page WeChat's browser shows on the phone after the scan. Only fixed texts go into it. */
function phonePage(reply: FastifyReply, title: string, detail: string, done = false): FastifyReply {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>绑定微信</title>
<style>body{margin:0;padding:72px 24px;text-align:center;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:rgba(0,0,0,.88)}
h1{margin:0 0 12px;font-size:22px;color:${done ? '#07c160' : '#cf1322'}}p{margin:0;color:rgba(0,0,0,.55);font-size:15px;line-height:1.6}</style>
</head><body><h1>${title}</h1><p>${detail}</p></body></html>`;
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * Sets the openid on the user unless another live account holds it; one statement, so two accounts
 * binding one WeChat at the same moment cannot both win. Answers whether the row was written.
 */
async function bindOpenId(db: Db, userId: string, openId: string): Promise<'bound' | 'taken' | 'gone'> {
  const result = await db
    .updateTable('sysUser')
    .set({ openId, updateTime: new Date() })
    .where('id', '=', userId)
    .where('delFlag', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sysUser as other')
            .select(sql.lit(1).as('one'))
            .where('other.openId', '=', openId)
            .where('other.id', '<>', userId)
            .where('other.delFlag', '=', 0),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'bound';
  const user = await db
    .selectFrom('sysUser')
    .select('id')
    .where('id', '=', userId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return user ? 'taken' : 'gone';
}

/**
 * 绑定微信 (spec 000 section 4: unbound shows a QR code). Without the WeChat settings every route
 * still answers, saying the integration is not configured, so the client can tell the user.
 */
export function registerWechatRoutes(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  const config = deps.config.wechat ?? null;

  app.get('/sys/thirdLogin/wechat/status', { config: { access: 'authenticated' } }, async (request) => {
    const auth = signedIn(request.auth);
    const user = await db
      .selectFrom('sysUser')
      .select('openId')
      .where('id', '=', auth.userId)
      .executeTakeFirst();
    return ok<WechatStatus>({ configured: config !== null, openId: user?.openId || null });
  });

  app.get('/sys/thirdLogin/wechat/bindUrl', { config: { access: 'authenticated' } }, async (request) => {
    const auth = signedIn(request.auth);
    if (!config) throw new ApiError(WechatMessages.notConfigured);
    const state = await issueBindState(db, auth.userId);
    return ok<WechatBindLink>({ url: bindLink(config, state), expiresIn: BIND_STATE_TTL_MS / 1000 });
  });

  // Public: WeChat's browser on the phone comes here with the code and our state, without our token.
  // The state alone says which user asked for the link.
  app.get<{ Querystring: { code?: string; state?: string } }>(
    '/sys/thirdLogin/wechat/callback',
    { config: { access: 'public' }, schema: querySchema({ code: 128, state: 128 }) },
    async (request, reply) => {
      if (!config) return phonePage(reply, WechatMessages.notConfigured, WechatMessages.retryDetail);
      const userId = await consumeBindState(db, request.query.state ?? '');
      if (!userId) return phonePage(reply, WechatMessages.stateInvalid, WechatMessages.stateInvalidDetail);
      const code = request.query.code ?? '';
      if (!code) return phonePage(reply, WechatMessages.noCode, WechatMessages.retryDetail);
      const exchange = await exchangeCode(config, code);
      if ('error' in exchange) {
        request.log.warn({ reason: exchange.error }, 'wechat code exchange failed');
        return phonePage(reply, WechatMessages.exchangeFailed, WechatMessages.retryDetail);
      }
      const outcome = await bindOpenId(db, userId, exchange.openId);
      if (outcome === 'taken')
        return phonePage(reply, WechatMessages.takenByOther, WechatMessages.takenDetail);
      if (outcome === 'gone') return phonePage(reply, WechatMessages.accountGone, WechatMessages.retryDetail);
      return phonePage(reply, WechatMessages.bound, WechatMessages.boundDetail, true);
    },
  );
}
