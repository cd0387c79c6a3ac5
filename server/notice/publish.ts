import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../bus/index.js';
import type { Released } from './announcement-store.js';

/**
 * Tells the sockets about a release: an announcement to everyone is a 'topic' for the tenant's
 * members, any other a 'user' message to each recipient. A failed publish is logged, never turned
 * into a failed release (the data is committed; clients also poll).
 */
export async function publishRelease(
  bus: EventBus,
  released: Released,
  log: FastifyBaseLogger,
): Promise<void> {
  const { row, recipients } = released;
  const message = { msgId: row.id, msgTxt: row.titile };
  try {
    if (row.msgType === 'ALL') {
      await bus.publish({ to: 'tenant', tenantId: row.tenantId, message: { cmd: 'topic', ...message } });
    } else if (recipients.length > 0) {
      await bus.publish({ to: 'users', userIds: recipients, message: { cmd: 'user', ...message } });
    }
  } catch (error) {
    log.error({ err: error }, 'notice publish failed');
  }
}

/** Asks the reader's other tabs to reload their notices (after read-all). */
export async function publishRefresh(bus: EventBus, userId: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await bus.publish({ to: 'users', userIds: [userId], message: { cmd: 'topic', msgId: '', msgTxt: '' } });
  } catch (error) {
    log.error({ err: error }, 'notice publish failed');
  }
}
