/**
 * Custom cell validation (spec 000 section 5: "a custom handler may validate asynchronously and
 * return a message"). Declarations hold no code, so a screen passes its handlers by column key; a
 * handler runs only when the cell's built-in rules passed (the first failure wins) and answers a
 * message, or nothing when the value is fine. A handler that throws fails with its error's text.
 */
import type { GridErrors } from './validate.js';
import type { GridRow } from './rows.js';

export interface GridCellCheck {
  key: string;
  value: unknown;
  /** The row's values, for rules that look at other columns. */
  row: Readonly<Record<string, unknown>>;
  rowKey: string;
}

export type GridCellHandler = (
  check: GridCellCheck,
) => Promise<string | null | undefined> | string | null | undefined;

export type GridHandlers = Readonly<Record<string, GridCellHandler>>;

/** One handler on one cell: its message or null. */
export async function runHandler(handler: GridCellHandler, check: GridCellCheck): Promise<string | null> {
  try {
    const message = await handler(check);
    return message ? String(message) : null;
  } catch (error) {
    return error instanceof Error && error.message ? error.message : String(error);
  }
}

/**
 * The handlers of every row, skipping cells that already failed (`failed`, the built-in result).
 * Answers only the cells a handler refused.
 */
export async function runHandlers(
  handlers: GridHandlers,
  rows: readonly GridRow[],
  failed: GridErrors,
): Promise<GridErrors> {
  const out: GridErrors = new Map();
  const jobs: Promise<void>[] = [];
  for (const [key, handler] of Object.entries(handlers)) {
    for (const row of rows) {
      if (failed.get(row.key)?.[key]) continue;
      const check = { key, value: row.values[key], row: row.values, rowKey: row.key };
      jobs.push(
        runHandler(handler, check).then((message) => {
          if (message) out.set(row.key, { ...out.get(row.key), [key]: message });
        }),
      );
    }
  }
  await Promise.all(jobs);
  return out;
}

/** Built-in messages with the handlers' added where a cell had none. */
export function mergeErrors(base: GridErrors, extra: GridErrors): GridErrors {
  const out: GridErrors = new Map([...base].map(([k, v]) => [k, { ...v }]));
  for (const [rowKey, messages] of extra) out.set(rowKey, { ...messages, ...out.get(rowKey) });
  return out;
}
