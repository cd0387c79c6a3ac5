import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRY_TTL_MS,
  hasPermission,
  PermissionCache,
  permissionCacheOf,
} from '../../server/auth/permission-codes.js';
import { InProcessBus } from '../../server/bus/memory.js';
import { payloadsOf } from '../../server/bus/postgres.js';
import { parseEvent } from '../../server/bus/types.js';
import { roleId, userId } from '../../server/db/seed/organisation.js';
import { departDb } from '../../server/sys/depart/tables.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const CHENJING = userId('chenjing');
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function idOf(perms: string): Promise<string> {
  return (
    await ctx.database.db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', perms)
      .executeTakeFirstOrThrow()
  ).id;
}

describe('the cached permission codes', () => {
  it('answers from memory once loaded: a lookup runs no SQL', async () => {
    const admin = userId('admin');
    expect(await hasPermission(ctx.database.db, admin, 'customer:add')).toBe(true);
    ctx.statements.length = 0;
    for (let i = 0; i < 20; i += 1)
      expect(await hasPermission(ctx.database.db, admin, 'customer:add')).toBe(true);
    expect(ctx.statements).toEqual([]);
  });

  it('unions the codes of roles and department roles', async () => {
    const cache = new PermissionCache(ctx.database.db);
    expect(await cache.codesOf(CHENJING)).not.toContain('role:users');
    const db = departDb(ctx.database.db);
    const departId = (await db.selectFrom('sysDepart').select('id').executeTakeFirstOrThrow()).id;
    await db
      .insertInto('sysDepartRole')
      .values({ id: 'cache_drole', departId, roleName: '缓存', roleCode: 'cache' })
      .execute();
    await db.insertInto('sysDepartRoleUser').values({ userId: CHENJING, droleId: 'cache_drole' }).execute();
    await db
      .insertInto('sysDepartRolePermission')
      .values({ departId, roleId: 'cache_drole', permissionId: await idOf('role:users') })
      .execute();
    expect(await cache.codesOf(CHENJING, true)).toContain('role:users');
  });

  it('a grant made past the routes (a SQL console) counts at once: a refusal asks the database again', async () => {
    expect(await ctx.get('/sys/sysDepart/rootList', ctx.staffToken)).toMatchObject({ code: 510 });
    await ctx.database.db
      .insertInto('sysRolePermission')
      .values({ roleId: roleId('staff'), permissionId: await idOf('depart:list') })
      .execute();
    expect(await ctx.get('/sys/sysDepart/rootList', ctx.staffToken)).toMatchObject({ success: true });
  });

  it('a revocation made past the routes holds within the entry lifetime', async () => {
    let now = 1_000;
    const cache = new PermissionCache(ctx.database.db, () => now);
    expect(await cache.codesOf(CHENJING)).toContain('depart:list');
    await ctx.database.db
      .deleteFrom('sysRolePermission')
      .where('roleId', '=', roleId('staff'))
      .where('permissionId', '=', await idOf('depart:list'))
      .execute();
    expect(await cache.codesOf(CHENJING)).toContain('depart:list');
    now += ENTRY_TTL_MS;
    expect(await cache.codesOf(CHENJING)).not.toContain('depart:list');
  });

  it('drops one user or everybody', async () => {
    const cache = new PermissionCache(ctx.database.db);
    await cache.codesOf(CHENJING);
    await cache.codesOf(userId('admin'));
    cache.drop([CHENJING]);
    expect(cache.size).toBe(1);
    cache.drop(null);
    expect(cache.size).toBe(0);
  });
});

describe('every server instance drops its copies through the event bus', () => {
  it('a change announced by one instance empties the cache of another', async () => {
    const bus = new InProcessBus();
    const one = new PermissionCache(ctx.database.db);
    const two = new PermissionCache(ctx.database.db);
    const detach = [one.attach(bus), two.attach(bus)];
    await one.codesOf(CHENJING);
    await two.codesOf(CHENJING);
    await two.codesOf(userId('admin'));
    await one.changed([CHENJING]);
    expect(one.size).toBe(0); // dropped locally before the bus delivers
    expect(two.size).toBe(2);
    await settle();
    expect(two.size).toBe(1);
    await one.changed(null);
    await settle();
    expect(two.size).toBe(0);
    for (const stop of detach) stop();
  });

  it('the event travels as a small payload that survives the wire, and garbage is refused', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `user${i}`);
    for (const event of [
      { to: 'permissions' as const, userIds: ['a', 'b'] },
      { to: 'permissions' as const, userIds: null },
    ]) {
      const [payload] = payloadsOf(event);
      expect(parseEvent(payload)).toEqual(event);
    }
    expect(payloadsOf({ to: 'permissions', userIds: many })).toHaveLength(1);
    expect(parseEvent('{"to":"permissions","userIds":[1]}')).toBeNull();
    expect(parseEvent('{"to":"permissions"}')).toBeNull();
  });

  it("a route's change drops this server's copies of the users it concerns, and only theirs", async () => {
    const cache = permissionCacheOf(ctx.database.db);
    await cache.codesOf(userId('wangfang'));
    await cache.codesOf(CHENJING);
    const manager = roleId('manager');
    const ids = (await ctx.get<string[]>(`/sys/permission/queryRolePermission?roleId=${manager}`)).result!;
    await ctx.send('POST', '/sys/permission/saveRolePermission', {
      roleId: manager,
      permissionIds: ids.join(','),
    });
    expect(cache.holds(userId('wangfang'))).toBe(false);
    expect(cache.holds(CHENJING)).toBe(true);
  });
});
