/**
 * Several forms in one save (docs/modules/online-forms.md): the designer sends a parent with the
 * children it edits alongside (a new one-to-many child made inline, or an existing one changed),
 * `POST /online/cgform/head/saveSet {items: [{id?, rowVersion?, declaration}], comment, confirm}`.
 * They are validated as one change (set-check.ts) and written in one transaction (set-apply.ts,
 * shared with the bundle import): no save order, no half-saved pair. Problems point into the
 * request (`/items/1/declaration/fields/0/name`); a migration of another item than the first is
 * named `<migration>@<form>`, and a confirmation goes back to that form's table.
 */
import type { FastifyInstance } from 'fastify';
import { hasPermission, permissionsChanged } from '../auth/permission-codes.js';
import { asRecord } from '../entity/body.js';
import { checkId, guarded } from '../entity/route-kit.js';
import { DESIGNER_MENU_URL, syncDeclaredMenus } from '../entity/menu-sync.js';
import { AuthMessages } from '../http/authenticate.js';
import { requireAuth } from '../sys/permission.js';
import { ApiError, fail, ok, ResultCode } from '../result.js';
import { CGFORM_PERMS } from './designer-routes.js';
import { OnlineMessages } from './messages.js';
import { announce, confirmedOf, declarationOf, SaveRefused, type OnlineContext } from './save.js';
import { writeDeclarations, type DeclarationWrite } from './set-apply.js';
import { headById, type HeadRow } from './store.js';
import { tableIssues } from './table-check.js';

const MAX_ITEMS = 20;

interface SetItem {
  json: unknown;
  head: HeadRow | null;
  rowVersion: number;
}

async function itemsOf(ctx: OnlineContext, raw: unknown): Promise<SetItem[]> {
  if (!Array.isArray(raw) || raw.length === 0) throw new ApiError(OnlineMessages.noDeclaration);
  if (raw.length > MAX_ITEMS) throw new ApiError(OnlineMessages.setTooMany(MAX_ITEMS));
  const items: SetItem[] = [];
  for (const entry of raw) {
    const body = asRecord(entry);
    const json = declarationOf(body.declaration);
    if (body.id === undefined || body.id === null || body.id === '') {
      items.push({ json, head: null, rowVersion: 0 });
      continue;
    }
    const head = await headById(ctx.db, checkId(body.id));
    if (!head) throw new ApiError(OnlineMessages.notFound);
    const n = Number(body.rowVersion);
    items.push({ json, head, rowVersion: Number.isInteger(n) && n >= 0 ? n : head.rowVersion });
  }
  return items;
}

/** The confirmed migrations of item `i`: plain names for the first, `name@<form>` for the others. */
function confirmFor(confirm: readonly string[], i: number, name: string): string[] {
  if (i === 0) return confirm.filter((n) => !n.includes('@'));
  const tail = `@${name}`;
  return confirm.filter((n) => n.endsWith(tail)).map((n) => n.slice(0, -tail.length));
}

export interface SetSaveInput {
  items: SetItem[];
  comment: string | null;
  user: string;
  confirm: readonly string[];
}

/** Validates the set as one change and writes it in one transaction; answers each item's head and version. */
export async function saveDesignedSet(ctx: OnlineContext, input: SetSaveInput) {
  const issues: { path: string; message: string }[] = [];
  const at = (i: number) => `/items/${i}/declaration`;
  const names = input.items.map((item) => {
    const name = item.json && typeof item.json === 'object' ? (item.json as { name?: unknown }).name : null;
    return typeof name === 'string' ? name : '';
  });
  names.forEach((name, i) => {
    if (name && names.indexOf(name) !== i)
      issues.push({ path: `${at(i)}/name`, message: OnlineMessages.setDuplicate(name) });
  });
  const checks = ctx.registry.checkSet(
    input.items.map((item) => ({ json: item.json, previousName: item.head?.name ?? null })),
  );
  const writes: DeclarationWrite[] = [];
  for (const [i, check] of checks.entries()) {
    for (const issue of check.issues) issues.push({ path: `${at(i)}${issue.path}`, message: issue.message });
    if (!check.value) continue;
    for (const issue of await tableIssues(ctx.db, check.value, ctx.adoptable))
      issues.push({ path: `${at(i)}${issue.path}`, message: issue.message });
    const { head, rowVersion } = input.items[i];
    const name = check.value.declaration.name;
    writes.push({
      next: check.value,
      json: JSON.stringify(check.value.declaration),
      at: at(i),
      comment: input.comment,
      expect: head ? { id: head.id, rowVersion } : 'new',
      confirm: confirmFor(input.confirm, i, name),
      tag: i === 0 ? undefined : name,
    });
  }
  if (issues.length > 0)
    throw new SaveRefused(OnlineMessages.invalid(issues.length), { issues: issues.slice(0, 200) });
  const written = await writeDeclarations(ctx, writes, input.user);
  await announce(ctx);
  await syncDeclaredMenus(
    ctx.db,
    writes.map((w) => w.next.model),
    DESIGNER_MENU_URL,
  );
  await permissionsChanged(ctx.db, null);
  return written.map((w, i) => ({ ...w, title: writes[i].next.declaration.title }));
}

export function registerSetSaveRoute(app: FastifyInstance, ctx: OnlineContext): void {
  app.post(
    '/online/cgform/head/saveSet',
    { config: { access: { perm: CGFORM_PERMS.add } } },
    async (request, reply) => {
      try {
        return await guarded(async () => {
          const body = asRecord(request.body);
          const auth = requireAuth(request);
          const items = await itemsOf(ctx, body.items);
          // New forms need 新增 (the route's code); changing a stored one needs 编辑 too.
          if (items.some((i) => i.head) && !(await hasPermission(ctx.db, auth.userId, CGFORM_PERMS.edit)))
            throw new ApiError(AuthMessages.noPermission, ResultCode.NO_AUTH);
          const comment = typeof body.comment === 'string' ? body.comment.trim().slice(0, 500) || null : null;
          const saved = await saveDesignedSet(ctx, {
            items,
            comment,
            user: auth.username,
            confirm: confirmedOf(body.confirm),
          });
          return ok({ items: saved }, OnlineMessages.savedSet(saved));
        });
      } catch (error) {
        if (error instanceof SaveRefused)
          return reply.send({ ...fail(error.message, ResultCode.ERROR), result: error.detail });
        throw error;
      }
    },
  );
}
