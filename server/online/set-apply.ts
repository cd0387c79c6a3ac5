/**
 * Writing several validated designed declarations in ONE transaction (docs/modules/online-forms.md):
 * per declaration its table sync and its new version (or new head), a form another one refers to
 * before the one referring to it; a refusal anywhere rolls all of them back. The bundle import and
 * the designer's one save of a parent with its children both write through here.
 */
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { BundleMessages, OnlineMessages } from './messages.js';
import { refusedSync, SaveRefused, storedVersion, type OnlineContext } from './save.js';
import { bumpHead, headById, headByName, insertHead, type HeadRow } from './store.js';
import { syncTable, SyncRefused } from './sync.js';

export interface DeclarationWrite {
  next: LoadedDeclaration;
  /** The normalised JSON stored as the version. */
  json: string;
  /** JSON pointer prefix of a refusal about this declaration (`/items/1/declaration`). */
  at: string;
  comment: string | null;
  /**
   * What is stored now: `any` (a bundle: whatever it is), `new` (must not exist yet), or the head
   * and row version the designer loaded (saved meanwhile by someone else: refused).
   */
  expect: 'any' | 'new' | { id: string; rowVersion: number };
  /** The data-changing migrations the admin confirmed for this declaration's table. */
  confirm?: readonly string[];
  /**
   * Set where one request carries several forms: the migrations offered for this one are named
   * `<migration>@<tag>` (and titled with the form), so a confirmation finds its way back.
   */
  tag?: string;
}

export interface WrittenDeclaration {
  name: string;
  id: string;
  version: number;
}

/** The writes with each referenced member before its referrers (the order kept otherwise; a cycle as given). */
export function dependencyOrder<T extends { next: LoadedDeclaration }>(writes: readonly T[]): T[] {
  const names = new Set(writes.map((w) => w.next.declaration.name));
  const needs = (w: T) =>
    w.next.declaration.fields
      .map((f) => f.reference?.entity)
      .filter((e): e is string => !!e && e !== w.next.declaration.name && names.has(e));
  const done = new Set<string>();
  const out: T[] = [];
  let rest = [...writes];
  while (rest.length > 0) {
    const ready = rest.filter((w) => needs(w).every((n) => done.has(n)));
    const take = ready.length > 0 ? ready : [rest[0]];
    for (const w of take) {
      out.push(w);
      done.add(w.next.declaration.name);
    }
    rest = rest.filter((w) => !take.includes(w));
  }
  return out;
}

async function writeOne(
  trx: Db,
  w: DeclarationWrite,
  user: string,
  adoptable: ReadonlySet<string>,
): Promise<WrittenDeclaration> {
  const name = w.next.declaration.name;
  const values = {
    name,
    title: w.next.declaration.title,
    tableName: w.next.model.table,
    declaration: w.json,
    comment: w.comment,
    user,
  };
  let head: HeadRow | undefined;
  if (w.expect === 'new') {
    if (await headByName(trx, name)) throw new ApiError(OnlineMessages.nameTaken(name));
  } else if (w.expect === 'any') head = await headByName(trx, name);
  else {
    head = await headById(trx, w.expect.id);
    if (!head) throw new ApiError(OnlineMessages.notFound);
  }
  const previous = head ? await storedVersion(trx, head) : null;
  await syncTable(trx, previous, w.next, { confirm: w.confirm, adoptable });
  if (!head) return { name, id: await insertHead(trx, values), version: 1 };
  const rowVersion = typeof w.expect === 'object' ? w.expect.rowVersion : head.rowVersion;
  const version = await bumpHead(trx, head.id, rowVersion, values);
  if (version !== null) return { name, id: head.id, version };
  throw new SaveRefused(
    w.expect === 'any' ? BundleMessages.changedMeanwhile(name) : OnlineMessages.changedMeanwhile,
    {},
  );
}

/** A sync refusal of one form of several: at its path, its migrations tagged with the form. */
function refusedOne(error: SyncRefused, w: DeclarationWrite): SaveRefused {
  const refused = refusedSync(error, w.at);
  const { migrations } = refused.detail;
  if (!w.tag || !migrations) return refused;
  const title = w.next.declaration.title;
  return new SaveRefused(refused.message, {
    ...refused.detail,
    reasons: refused.detail.reasons?.map((r) => `${title}：${r}`),
    migrations: migrations.map((m) => ({ ...m, name: `${m.name}@${w.tag}`, title: `${title}：${m.title}` })),
  });
}

/**
 * Writes every declaration in one transaction, then `also` (a bundle's menu and button rows) in
 * the same one. Answers what was written, in the order given.
 */
export async function writeDeclarations(
  ctx: OnlineContext,
  writes: readonly DeclarationWrite[],
  user: string,
  also?: (trx: Db) => Promise<void>,
): Promise<WrittenDeclaration[]> {
  let current: DeclarationWrite | null = null;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const written = new Map<DeclarationWrite, WrittenDeclaration>();
      for (const w of dependencyOrder(writes)) {
        current = w;
        written.set(w, await writeOne(trx, w, user, ctx.adoptable));
      }
      current = null;
      await also?.(trx);
      return writes.map((w) => written.get(w)!);
    });
  } catch (error) {
    const failed = current as DeclarationWrite | null;
    if (error instanceof SyncRefused && failed) throw refusedOne(error, failed);
    if ((error as { code?: unknown }).code === '23505' && failed)
      throw new ApiError(OnlineMessages.nameTaken(failed.next.declaration.name));
    throw error;
  }
}
