/**
 * What a grid does with the server's row changes. A change names rows, never values, so the grid
 * reads the rows again through the entity API: the server then applies this reader's permissions,
 * data scope and row access, and the grid shows exactly what its own list would. Ids that arrive
 * close together are read in one request (a batch delete, a parent's save of many children, or
 * several people saving at once would otherwise cost one request per row per open grid).
 */
import type { TableUpdate } from './protocol.js';

export type Row = Record<string, unknown>;

/** How long changes gather before they are read: short enough not to be seen, long enough for a burst. */
export const REFRESH_DELAY_MS = 100;
/** Ids per read: the list route's `id=a,b,...` stays a short URL (ids are up to 64 characters). */
export const REFRESH_MAX_IDS = 50;

export interface RowHandlers {
  /** Merge these fields (as the server answered them to this reader) into the row with this id. */
  onUpdate(id: string, fields: Row): void;
  /** These rows are gone (deleted, or no longer given to this reader). Default: nothing. */
  onRemove?(ids: readonly string[]): void;
  /** Rows were added elsewhere (no ids are told): read the rows again. Default: nothing. */
  onReload?(): void;
  /**
   * Reads these rows again through the entity API (e.g. the list with `id=a,b`); answers the rows
   * the server gives this reader, each with its `id`. A row not answered is gone for this reader.
   * Throws when the read failed (network, refusal): the rows then stay as they are. Without it an
   * edit asks for a reload instead.
   */
  fetchRows?(ids: readonly string[]): Promise<readonly Row[]>;
  /**
   * Whether the host shows this row. Changes of rows it does not hold are skipped (not read): a
   * form's grid shows one parent's rows of a table that every open form of it listens to.
   */
  holds?(id: string): boolean;
}

function pick(row: Row, fields: ReadonlySet<string>): Row {
  const out: Row = {};
  for (const name of fields) if (name in row) out[name] = row[name];
  return out;
}

export class RowRefresher {
  /** Rows to read, each with the union of the field names its changes named. */
  private readonly pending = new Map<string, Set<string>>();
  private reload = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** One read at a time: two reads of a row in flight could answer out of order (older wins). */
  private busy = false;
  private stopped = false;

  constructor(
    private readonly handlers: () => RowHandlers,
    private readonly delayMs = REFRESH_DELAY_MS,
  ) {}

  push(update: TableUpdate): void {
    if (this.stopped) return;
    const h = this.handlers();
    const held = h.holds ? update.ids.filter((id) => h.holds!(id)) : update.ids;
    if (update.action === 'delete') {
      // The server named only rows really gone: nothing to read, and a pending read is moot.
      for (const id of held) this.pending.delete(id);
      if (held.length > 0) h.onRemove?.(held);
      return;
    }
    if (update.action === 'add') this.reload = true;
    for (const id of update.action === 'edit' ? held : []) {
      const fields = this.pending.get(id) ?? new Set<string>();
      for (const name of update.fields) fields.add(name);
      this.pending.set(id, fields);
    }
    if (this.reload || this.pending.size > 0) this.schedule();
  }

  /** After unmount: nothing more is read or applied. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private schedule(): void {
    // While a read is in flight the changes gather; the read schedules the next one when it ends.
    if (this.timer !== null || this.busy || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  private async flush(): Promise<void> {
    this.busy = true;
    try {
      const h = this.handlers();
      // A host that cannot read rows reloads instead; one reload covers every change of the burst.
      const readable = h.fetchRows !== undefined;
      if (this.reload || (!readable && this.pending.size > 0)) {
        this.reload = false;
        if (!readable) this.pending.clear();
        h.onReload?.();
      }
      while (this.pending.size > 0 && !this.stopped) {
        const batch = [...this.pending].slice(0, REFRESH_MAX_IDS);
        for (const [id] of batch) this.pending.delete(id);
        await this.read(h, batch);
      }
    } finally {
      this.busy = false;
      if (this.reload || this.pending.size > 0) this.schedule();
    }
  }

  private async read(h: RowHandlers, batch: [string, Set<string>][]): Promise<void> {
    let rows: readonly Row[];
    try {
      rows = await h.fetchRows!(batch.map(([id]) => id));
    } catch {
      // A failed read leaves the rows as they are; the next change or a reload catches up.
      return;
    }
    if (this.stopped) return;
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    const gone: string[] = [];
    for (const [id, fields] of batch) {
      const row = byId.get(id);
      if (row) h.onUpdate(id, pick(row, fields));
      else gone.push(id);
    }
    if (gone.length > 0) h.onRemove?.(gone);
  }
}
