/**
 * Who may see or change a table's rows over the socket: the entity's own list and edit permissions
 * (null: any signed-in user), as its HTTP routes require them. Deny by default: a table key that
 * names no declared entity is nobody's.
 */
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { hasPermission, permissionCacheOf } from '../auth/permission-codes.js';
import type { Db } from '../db/database.js';

export class TableAccess {
  private models: ReadonlyMap<string, EntityModel> = new Map();

  constructor(private readonly db: Db) {}

  /** The declared entities, known once the entity routes are registered. */
  setModels(models: readonly EntityModel[]): void {
    this.models = new Map(models.map((m) => [m.name, m]));
  }

  model(table: string): EntityModel | undefined {
    return this.models.get(table);
  }

  /** At the handshake and for a peer's change: the same answer an HTTP route gets. */
  async may(userId: string, table: string, action: 'list' | 'edit'): Promise<boolean> {
    const model = this.models.get(table);
    if (!model) return false;
    const code = model.permissions[action];
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
    const code = model.permissions.list;
    if (code === null) return true;
    const cache = permissionCacheOf(this.db);
    return (await cache.codesOf(userId)).has(code) || (await cache.switchedOff()).has(code);
  }
}
