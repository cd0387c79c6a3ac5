/**
 * Bundles and table import (docs/modules/online-forms.md): export a set of designed declarations
 * with their menus and permission rows; import one (dry run first, then apply); list the tables
 * that may be imported and turn one into a new, unsaved declaration for the designer.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AuthMessages } from '../http/authenticate.js';
import { hasPermission } from '../auth/permission-codes.js';
import { asRecord } from '../entity/body.js';
import { guarded } from '../entity/route-kit.js';
import { requireAuth } from '../sys/permission.js';
import { ApiError, fail, ok, ResultCode } from '../result.js';
import { exportBundle } from './bundle.js';
import { importBundle } from './bundle-apply.js';
import { CGFORM_PERMS } from './designer-routes.js';
import { BundleMessages } from './messages.js';
import { SaveRefused, type OnlineContext } from './save.js';
import { declarationOfTable, importableTables } from './table-import.js';

const perm = (code: string) => ({ config: { access: { perm: code } } });
const NAME = /^[a-z][a-zA-Z0-9]{0,49}$/;

function namesOf(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return list.filter((n): n is string => typeof n === 'string' && NAME.test(n.trim())).map((n) => n.trim());
}

async function answer(reply: FastifyReply, work: () => Promise<unknown>): Promise<unknown> {
  try {
    return await guarded(work);
  } catch (error) {
    if (error instanceof SaveRefused)
      return reply.send({ ...fail(error.message, ResultCode.ERROR), result: error.detail });
    throw error;
  }
}

export function registerBundleRoutes(app: FastifyInstance, ctx: OnlineContext): void {
  const base = '/online/cgform/bundle';
  app.get(`${base}/export`, perm(CGFORM_PERMS.list), (request) =>
    guarded(async () => ok(await exportBundle(ctx.db, namesOf(asRecord(request.query).names)))),
  );
  // Creates and changes declarations, menus and button rows: every designer right is needed.
  app.post(`${base}/import`, perm(CGFORM_PERMS.edit), (request, reply) =>
    answer(reply, async () => {
      const body = asRecord(request.body);
      const auth = requireAuth(request);
      const apply = body.dryRun === false || body.dryRun === 'false';
      for (const code of [CGFORM_PERMS.add, CGFORM_PERMS.menu])
        if (apply && !(await hasPermission(ctx.db, auth.userId, code)))
          throw new ApiError(AuthMessages.noPermission, ResultCode.NO_AUTH);
      const diff = await importBundle(ctx, body.bundle, { apply, user: auth.username });
      const { new: n, changed: c, unchanged: u } = diff.summary;
      const message = !apply
        ? BundleMessages.dryRun(n, c, u)
        : n + c === 0
          ? BundleMessages.nothing
          : BundleMessages.applied(n, c, u);
      return ok(diff, message);
    }),
  );
  app.get('/online/cgform/table/list', perm(CGFORM_PERMS.add), () =>
    guarded(async () => ok(await importableTables(ctx.db, ctx.adoptable))),
  );
  app.get('/online/cgform/table/declaration', perm(CGFORM_PERMS.add), (request) =>
    guarded(async () => ok(await declarationOfTable(ctx.db, asRecord(request.query).table, ctx.adoptable))),
  );
}
