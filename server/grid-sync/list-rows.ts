/**
 * Open lists learn that rows changed (issue 33: a list never shows rows the server has moved on
 * from). A stored change of a table, the same one live grids hear, goes to the notice socket of each
 * person who may list the table - or a table whose screen shows its rows (a form parent, a
 * belongsTo parent) - as `{cmd: 'rows', msgId: <entity>}`: the entity's name only, never ids or
 * values. The browser reloads the visible lists of that entity through their own list calls, which
 * apply the caller's scope.
 */
import type { SocketMessage } from '../bus/index.js';
import { deliverWhere, type SocketHub } from '../notice/hub.js';
import type { TableAccess } from './access.js';
import type { GridDelivery } from './delivery.js';

export async function tellLists(
  hub: SocketHub,
  access: TableAccess,
  delivery: Extract<GridDelivery, { kind: 'table' }>,
): Promise<void> {
  const { table } = delivery.update;
  for (const entity of [table, ...access.ownersOf(table)]) {
    const message: SocketMessage = { cmd: 'rows', msgId: entity, msgTxt: '' };
    await deliverWhere(hub, delivery.tenantId, message, (userId) => access.mayList(userId, entity));
  }
}
