/**
 * Saving a designed declaration: validate like a file, then, in one transaction, sync the table and
 * write the new version (docs/modules/online-forms.md). After the commit this instance reloads its
 * registry at once and the bus tells every other instance.
 */
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { designedSource } from '../../runtime/model/declaration/registry.js';
import { loadDeclaration, type LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import type { DeclarationIssue } from '../../runtime/model/declaration/types.js';
import { permissionsChanged } from '../auth/permission-codes.js';
import { DESIGNER_MENU_URL, syncDeclaredMenus } from '../entity/menu-sync.js';
import { ApiError } from '../result.js';
import { OnlineMessages, SyncMessages } from './messages.js';
import type { OnlineRegistry } from './registry.js';
import { bumpHead, headByName, insertHead, versionJson, type HeadRow } from './store.js';
import { syncTable, SyncRefused } from './sync.js';
import type { MigrationOffer } from './sync-plan.js';
import { TableRefused } from './table-check.js';

export interface OnlineContext {
  db: Db;
  registry: OnlineRegistry;
  bus: EventBus;
  /** ADOPTABLE_TABLES: the existing tables a designed form may adopt (server/entity/table-rule.ts). */
  adoptable: ReadonlySet<string>;
}

/** A refused save whose answer carries details for the designer: problems by path, or sync reasons. */
export class SaveRefused extends ApiError {
  constructor(
    message: string,
    readonly detail: {
      issues?: { path: string; message: string }[];
      reasons?: string[];
      hint?: string;
      migrations?: MigrationOffer[];
    },
  ) {
    super(message);
  }
}

const MAX_CHARS = 200_000;

/** The editor sends text; a client may send the object itself. */
export function declarationOf(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') throw new ApiError(OnlineMessages.noDeclaration);
  if (typeof raw !== 'string') return raw;
  if (raw.length > MAX_CHARS) throw new ApiError(OnlineMessages.tooLarge);
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new ApiError(OnlineMessages.badJson((error as Error).message));
  }
}

function refuseIssues(issues: readonly DeclarationIssue[]): never {
  throw new SaveRefused(OnlineMessages.invalid(issues.length), {
    issues: issues.map((i) => ({ path: i.path, message: i.message })),
  });
}

/** The stored current version of a head as a loaded declaration (null when it no longer loads). */
export async function storedVersion(db: Db, head: HeadRow, version = head.currentVersion) {
  const json = await versionJson(db, head.id, version);
  if (json === undefined) return null;
  return loadDeclaration({ file: designedSource(head.name), json: JSON.parse(json) }).value;
}

export interface SaveInput {
  json: unknown;
  comment: string | null;
  user: string;
  /** The head being edited, with the row version the designer loaded; absent for a new one. */
  head?: { row: HeadRow; rowVersion: number };
  /** Names of the data-changing migrations the admin confirmed after a refusal. */
  confirm?: readonly string[];
}

const MAX_CONFIRM = 50;

/** The body's `confirm`: migration names only (the server matches them against its own plan). */
export function confirmedOf(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' && raw ? raw.split(',') : [];
  return list.filter((n): n is string => typeof n === 'string' && n.length <= 200).slice(0, MAX_CONFIRM);
}

/** Validates, syncs and stores a version; answers the head id and the new version. */
export async function saveDesigned(
  ctx: OnlineContext,
  input: SaveInput,
): Promise<{ id: string; version: number; model: LoadedDeclaration }> {
  const { db, registry } = ctx;
  const check = registry.check(input.json, input.head?.row.name ?? null);
  if (!check.value) refuseIssues(check.issues);
  const next = check.value;
  const { declaration, model } = next;
  const values = {
    name: declaration.name,
    title: declaration.title,
    tableName: model.table,
    declaration: JSON.stringify(declaration),
    comment: input.comment,
    user: input.user,
  };
  const previous = input.head ? await storedVersion(db, input.head.row) : null;
  let saved: { id: string; version: number };
  try {
    saved = await db.transaction().execute(async (trx) => {
      await syncTable(trx, previous, next, { confirm: input.confirm, adoptable: ctx.adoptable });
      if (!input.head) {
        if (await headByName(trx, declaration.name))
          throw new ApiError(OnlineMessages.nameTaken(declaration.name));
        return { id: await insertHead(trx, values), version: 1 };
      }
      const version = await bumpHead(trx, input.head.row.id, input.head.rowVersion, values);
      if (version === null) throw new ApiError(OnlineMessages.changedMeanwhile);
      return { id: input.head.row.id, version };
    });
  } catch (error) {
    if (error instanceof SyncRefused) throw refusedSync(error);
    if ((error as { code?: unknown }).code === '23505')
      throw new ApiError(OnlineMessages.nameTaken(declaration.name));
    throw error;
  }
  await announce(ctx);
  // The button rows of permission codes this version added: under the screen's menu row, or the
  // designer's while it has none (so the admin who designed it can read its rows at once).
  await syncDeclaredMenus(db, [model], DESIGNER_MENU_URL);
  await permissionsChanged(db, null);
  return { ...saved, model: next };
}

/**
 * A sync refusal as the designer shows it: every reason, then what this version can do. A refused
 * table is a problem of the declaration at a JSON path (`at` prefixes it inside a bundle).
 */
export function refusedSync(error: SyncRefused, at = ''): SaveRefused {
  if (error instanceof TableRefused)
    return new SaveRefused(error.message, {
      issues: [{ path: `${at}${error.refusal.path}`, message: error.message }],
    });
  const migrations = error.migrations.length > 0 ? error.migrations : undefined;
  return new SaveRefused(error.message, {
    reasons: error.reasons,
    hint: migrations ? SyncMessages.later : undefined,
    migrations,
  });
}

/** This instance reloads now; the others when the bus (or their poll) tells them. */
export async function announce(ctx: OnlineContext): Promise<void> {
  await ctx.registry.reload();
  await ctx.bus.publish({ to: 'declarations' });
}
