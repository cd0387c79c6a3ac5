import { createSession } from '../../server/auth/sessions.js';
import { userId } from '../../server/db/seed/organisation.js';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

/**
 * A token for a seeded account. Signs in through /sys/login when that route exists; until then
 * (it is being built separately) a session row is created directly, which is what login does.
 */
export async function tokenFor(ctx: TestContext, username: string): Promise<string> {
  if (ctx.app.hasRoute({ method: 'POST', url: `${ctx.config.apiBase}/sys/login` })) {
    return ctx.login(username, username === 'admin' ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD);
  }
  return createSession(ctx.database.db, ctx.config, userId(username), 0, null);
}

/** inject() options for a GET with the token header. */
export function authGet(token: string, url: string) {
  return { method: 'GET' as const, url, headers: { 'x-access-token': token } };
}
