/**
 * What a grid does with the socket's messages: common-send-data goes to the listener of its key;
 * update-table names changed rows of this table, which the grid reads again through the entity API
 * (refresh.ts), so what it shows is what the server gives this reader — never what a frame says.
 */
import { parseServerMessage } from './protocol.js';
import { RowRefresher, REFRESH_DELAY_MS, type Row, type RowHandlers } from './refresh.js';

export type { Row };

export interface TableSyncHandlers extends RowHandlers {
  /** common-send-data listeners by key. */
  onData?: Readonly<Record<string, (args: unknown) => void>>;
}

export class TableSyncDispatcher {
  private readonly refresher: RowRefresher;

  /** `handlers` is read at each message, so the host may pass new closures without a new socket. */
  constructor(
    /** The table this grid shows: changes of other tables are not its business. */
    private readonly table: string,
    private readonly handlers: () => TableSyncHandlers,
    delayMs = REFRESH_DELAY_MS,
  ) {
    this.refresher = new RowRefresher(handlers, delayMs);
  }

  /** Handles one frame (already known not to be the heartbeat's reply). */
  handle(text: string): void {
    const message = parseServerMessage(text);
    if (!message) return;
    if (message.type === 'common-send-data') {
      const onData = this.handlers().onData ?? {};
      // Own properties only: a key such as "constructor" must not reach Object.prototype.
      if (Object.hasOwn(onData, message.data.key)) onData[message.data.key](message.data.args);
      return;
    }
    if (message.type === 'update-table' && message.data.table === this.table)
      this.refresher.push(message.data);
  }

  stop(): void {
    this.refresher.stop();
  }
}
