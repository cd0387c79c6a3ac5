/**
 * The permission codes a user holds, as a request-time lookup. A user holds the codes of the rows
 * granted to their roles (sys_user_role -> sys_role_permission) and to their department roles
 * (sys_depart_role_user -> sys_depart_role_permission), as JeecgBoot unions them.
 *
 * Both answers are cached per user in this process, so a route that needs a permission costs what
 * one needing only a session costs. Whoever changes roles, grants, permission rows or a user's roles
 * calls `permissionsChanged` after the change committed: it drops the local copies at once and
 * publishes the change on the event bus, so every server instance drops theirs. Two nets catch a
 * change made past those calls (a SQL console, a script): a refusal is checked once more against
 * the database before it is answered, so a new grant works at once, and an entry is trusted for
 * ENTRY_TTL_MS at most, so a revocation holds within that time everywhere.
 */
import type { BusEvent, EventBus } from '../bus/types.js';
import type { Db } from '../db/database.js';
import { departDb } from '../sys/depart/tables.js';

/** Beyond this many users the oldest cached entry is dropped first (a Map keeps insertion order). */
const MAX_CACHED_USERS = 10_000;
/** How long an entry is trusted without any change heard. */
export const ENTRY_TTL_MS = 60_000;
/** Beyond this many answers for one user (one per screen for data scopes) the oldest is dropped first. */
const MAX_ANSWERS_PER_USER = 500;
/** A change naming more users than this is published as "everyone" (a NOTIFY payload stays small). */
const MAX_NAMED_USERS = 100;

/** Ids of the permission rows a user's roles and department roles grant (a subquery). */
export function grantedPermissionIds(db: Db, userId: string) {
  const d = departDb(db);
  return d
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('rp.permissionId')
    .where('ur.userId', '=', userId)
    .union(
      d
        .selectFrom('sysDepartRolePermission as drp')
        .innerJoin('sysDepartRoleUser as dru', 'dru.droleId', 'drp.roleId')
        .select('drp.permissionId')
        .where('dru.userId', '=', userId),
    );
}

function splitCodes(perms: string | null): string[] {
  return (perms ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

async function queryUserCodes(db: Db, userId: string): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectFrom('sysPermission')
    .select('perms')
    .where('id', 'in', grantedPermissionIds(db, userId))
    .where('delFlag', '=', 0)
    .where('status', '=', '1')
    .where('perms', 'is not', null)
    .execute();
  return new Set(rows.flatMap((row) => splitCodes(row.perms)));
}

/**
 * Codes the system lists only on switched-off rows (status '0'): such a rule is open to every
 * signed-in user, as the client treats it. A code listed nowhere stays denied (deny by default).
 */
async function querySwitchedOff(db: Db): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectFrom('sysPermission')
    .select(['perms', 'status'])
    .where('delFlag', '=', 0)
    .where('perms', 'is not', null)
    .execute();
  const active = new Map<string, boolean>();
  for (const row of rows) {
    for (const code of splitCodes(row.perms))
      active.set(code, active.get(code) === true || row.status !== '0');
  }
  return new Set([...active].filter(([, on]) => !on).map(([code]) => code));
}

interface Entry<T> {
  value: Promise<T>;
  loadedAt: number;
}

/** One process's cached answers for one database; promises, so concurrent first loads share a query. */
export class PermissionCache {
  private readonly users = new Map<string, Entry<ReadonlySet<string>>>();
  /** Other answers read from a user's grants (the data-scope grants of a screen), by user and key. */
  private readonly answers = new Map<string, Map<string, Entry<unknown>>>();
  private switchedOffCodes: Entry<ReadonlySet<string>> | null = null;
  private bus: EventBus | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private fresh<T>(entry: Entry<T> | null | undefined): entry is Entry<T> {
    return entry !== undefined && entry !== null && this.now() - entry.loadedAt < ENTRY_TTL_MS;
  }

  /** The user's codes; `reload` asks the database even when a copy is held. */
  codesOf(userId: string, reload = false): Promise<ReadonlySet<string>> {
    const held = this.users.get(userId);
    if (!reload && this.fresh(held)) return held.value;
    this.users.delete(userId);
    if (this.users.size >= MAX_CACHED_USERS) this.users.delete(this.users.keys().next().value!);
    const entry = { value: queryUserCodes(this.db, userId), loadedAt: this.now() };
    this.users.set(userId, entry);
    // A failed load is not remembered; a drop meanwhile has already removed it.
    entry.value.catch(() => {
      if (this.users.get(userId) === entry) this.users.delete(userId);
    });
    return entry.value;
  }

  /**
   * An answer that depends only on the user's roles, grants, permission rows and data rules (what
   * `permissionsChanged` announces), loaded once per `key` and dropped with the user's codes.
   */
  answerOf<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    let mine = this.answers.get(userId);
    const held = mine?.get(key) as Entry<T> | undefined;
    if (this.fresh(held)) return held.value;
    if (!mine) {
      if (this.answers.size >= MAX_CACHED_USERS) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(userId, (mine = new Map()));
    }
    mine.delete(key);
    if (mine.size >= MAX_ANSWERS_PER_USER) mine.delete(mine.keys().next().value!);
    const entry: Entry<T> = { value: load(), loadedAt: this.now() };
    mine.set(key, entry);
    const owner = mine;
    entry.value.catch(() => {
      if (owner.get(key) === entry) owner.delete(key);
    });
    return entry.value;
  }

  switchedOff(reload = false): Promise<ReadonlySet<string>> {
    if (!reload && this.fresh(this.switchedOffCodes)) return this.switchedOffCodes.value;
    const entry = { value: querySwitchedOff(this.db), loadedAt: this.now() };
    this.switchedOffCodes = entry;
    entry.value.catch(() => {
      if (this.switchedOffCodes === entry) this.switchedOffCodes = null;
    });
    return entry.value;
  }

  /** Forgets the users' codes (null: everything, the switched-off codes too). */
  drop(userIds: readonly string[] | null): void {
    if (userIds === null) {
      this.users.clear();
      this.answers.clear();
      this.switchedOffCodes = null;
      return;
    }
    for (const id of userIds) {
      this.users.delete(id);
      this.answers.delete(id);
    }
  }

  get size(): number {
    return this.users.size;
  }

  /** Whether a copy of the user's codes is held (for tests and diagnostics). */
  holds(userId: string): boolean {
    return this.users.has(userId);
  }

  /** Listens for changes made by other instances; answers the unsubscribe function. */
  attach(bus: EventBus): () => void {
    this.bus = bus;
    const unsubscribe = bus.subscribe((event: BusEvent) => {
      if (event.to === 'permissions') this.drop(event.userIds);
    });
    return () => {
      unsubscribe();
      if (this.bus === bus) this.bus = null;
    };
  }

  async changed(userIds: readonly string[] | null): Promise<void> {
    this.drop(userIds);
    const named = userIds !== null && userIds.length <= MAX_NAMED_USERS ? [...userIds] : null;
    if (named?.length === 0) return;
    // The change is committed: a lost NOTIFY must not fail the request that made it.
    await this.bus?.publish({ to: 'permissions', userIds: named }).catch(() => {});
  }
}

// Keyed by the database handle, which the authentication hook and every route already hold: one
// cache per server instance (a test's apps each open their own handle).
const caches = new WeakMap<Db, PermissionCache>();

export function permissionCacheOf(db: Db): PermissionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new PermissionCache(db)));
  return cache;
}

/** Connects this database's cache to the process's event bus; answers the disconnect function. */
export function attachPermissionBus(db: Db, bus: EventBus): () => void {
  return permissionCacheOf(db).attach(bus);
}

/**
 * Call after a committed change of roles, grants, permission rows or users' roles: the named users'
 * codes (null: everyone's) are dropped here and, through the bus, on every other instance.
 */
export function permissionsChanged(db: Db, userIds: readonly string[] | null): Promise<void> {
  return permissionCacheOf(db).changed(userIds);
}

/** The permission codes (perms) a user holds, comma-joined codes split apart. */
export function loadPermissionCodes(db: Db, userId: string): Promise<ReadonlySet<string>> {
  return permissionCacheOf(db).codesOf(userId);
}

/**
 * Whether a user may use a permission-gated route. A code the system lists only as inactive
 * (status '0') is a switched-off rule, open to every signed-in user, as the client treats it; a code
 * the system does not list at all is denied (deny by default).
 */
export async function hasPermission(db: Db, userId: string, code: string): Promise<boolean> {
  const cache = permissionCacheOf(db);
  if ((await cache.codesOf(userId)).has(code)) return true;
  if ((await cache.switchedOff()).has(code)) return true;
  // About to refuse: ask the database once more, so a grant made past the cache counts at once.
  if ((await cache.codesOf(userId, true)).has(code)) return true;
  return (await cache.switchedOff(true)).has(code);
}
