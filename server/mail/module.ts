/**
 * OA mail (docs/modules/mail.md): drafts are the generated `mail` declaration, limited to the
 * author's own unsent mails on every generated route (installed before the entity routes exist);
 * 发送 and the mailbox are hand-written calls (registered after, with the declared tables there).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import { addRequestScope, guarded } from '../entity/route-kit.js';
import { ApiError, okMessage } from '../result.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { MailPerms, registerMailBoxRoutes } from './box-routes.js';
import { seedMailDemo } from './demo.js';
import { MailMessages } from './messages.js';
import { sendMail } from './send.js';

const BASE = '/oa/mail';

/** Call inside the API plugin before registerEntityRoutes. */
export function installMailRules(app: FastifyInstance, deps: AppDeps): void {
  const apiBase = deps.config.apiBase;
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    if (url.slice(0, url.lastIndexOf('/')) !== BASE) return;
    const hook = async (request: Parameters<typeof addRequestScope>[0]) => {
      const username = request.auth?.username ?? '';
      // Drafts are the author's alone; a sent mail is read through the mailbox, never edited.
      addRequestScope(request, sql<SqlBool>`(main.create_by = ${username} and main.status = '0')`, 'mail');
    };
    const pre = route.preHandler;
    route.preHandler = pre === undefined ? [hook] : [...(Array.isArray(pre) ? pre : [pre]), hook];
  });
}

/** Call inside the API plugin after registerEntityRoutes, with the declarations it loaded. */
export async function registerMail(
  app: FastifyInstance,
  deps: AppDeps,
  bus: EventBus,
  declarations: readonly LoadedDeclaration[],
): Promise<void> {
  const db = deps.database.db;
  const box = declarations.find((d) => d.model.name === 'mailBox');
  if (!box) throw new Error('the mailBox declaration is missing');
  registerMailBoxRoutes(app, db, box.model);
  app.put(`${BASE}/send`, { config: { access: { perm: MailPerms.write } } }, (request) =>
    guarded(async () => {
      const body = (request.body ?? {}) as { id?: unknown };
      if (typeof body.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(body.id))
        throw new ApiError(MailMessages.notFound);
      const auth = request.auth!;
      const named = await sql<{ realname: string | null }>`select realname from sys_user
        where id = ${auth.userId}`.execute(db);
      const sender = {
        username: auth.username,
        realname: named.rows[0]?.realname ?? auth.username,
        tenantId: auth.tenantId,
      };
      const mailId = body.id;
      const sent = await db.transaction().execute((trx) => sendMail(trx, mailId, sender));
      for (const s of sent)
        void bus
          .publish({
            to: 'users',
            userIds: [s.userId],
            message: { cmd: 'user', msgId: s.msgId, msgTxt: s.msgTxt },
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'mail notice publish failed'));
      return okMessage(MailMessages.sent(sent.length));
    }),
  );
  await seedMailDemo(db);
}
