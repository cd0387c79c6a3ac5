import type { BusEvent, BusListener, EventBus } from './types.js';

/** One server process: events go straight to this process's listeners (after the publisher returns). */
export class InProcessBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly listeners = new Set<BusListener>();

  async publish(event: BusEvent): Promise<void> {
    // Delivered on a later tick, as a networked bus would: a publisher never runs listeners inline.
    setImmediate(() => {
      for (const listener of this.listeners) listener(event);
    });
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
