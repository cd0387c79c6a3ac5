/**
 * Who may hear a table's row changes over the socket: the entity's read permission (a child's is its
 * parent's; null only for "access": "signed-in"), as its HTTP routes require it. Deny by default: a table key that names no
 * declared entity is nobody's. (Nobody changes rows over the socket: the server announces its own.)
 */
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { hasPermission, permissionCacheOf } from '../auth/permission-codes.js';
import type { Db } from '../db/database.js';
import { readPermissionOf } from '../entity/graph.js';

export class TableAccess {
  private models: ReadonlyMap<string, EntityModel> = new Map();
  private owners: ReadonlyMap<string, readonly string[]> = new Map();

  constructor(private readonly db: Db) {}

  /** The declared entities, known once the entity routes are registered. */
  setModels(models: readonly EntityModel[]): void {
    this.models = new Map(models.map((m) => [m.name, m]));
    const owners = new Map<string, string[]>();
    const own = (child: string, owner: string) => owners.set(child, [...(owners.get(child) ?? []), owner]);
    for (const m of models) {
      for (const child of m.declaration.children ?? []) own(child.entity, m.name);
      if (m.declaration.belongsTo) own(m.name, m.declaration.belongsTo.entity);
    }
    this.owners = owners;
  }

  /** The entities whose screens show a table's rows too: its form parents and its belongsTo parent. */
  ownersOf(table: string): readonly string[] {
    return this.owners.get(table) ?? [];
  }

  /** At the handshake: the same answer the entity's list route gets (a child's is its parent's). */
  async may(userId: string, table: string): Promise<boolean> {
    const model = this.models.get(table);
    if (!model) return false;
    const code = readPermissionOf(model);
    return code === null || hasPermission(this.db, userId, code);
  }

  /**
   * At each delivery, per receiver: the cached codes only. hasPermission asks the database again
   * before it refuses, which per receiver per change would be a query storm; a grant made past the
   * cache counts within its lifetime (ENTRY_TTL_MS), a revocation announced on the bus at once.
   */
  async mayList(userId: string, table: string): Promise<boolean> {
    const model = this.models.get(table);
    if (!model) return false;
    const code = readPermissionOf(model);
    if (code === null) return true;
    const cache = permissionCacheOf(this.db);
    return (await cache.codesOf(userId)).has(code) || (await cache.switchedOff()).has(code);
  }
}
