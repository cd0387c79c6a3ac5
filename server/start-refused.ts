/**
 * A start refused for a reason the operator fixes in a file or a setting (an invalid declaration, a
 * table a declaration may not use, a bad ADOPTABLE_TABLES): server/main.ts prints the message alone
 * and exits with 1. Its message already says which file, which JSON path and why; a stack trace would
 * only bury that under the server's own frames. Any other failure keeps its stack.
 */
export class StartRefused extends Error {}

/** What main prints for a failed start: the message of a refusal, the stack of anything else. */
export function startFailureText(error: unknown): string {
  // A plugin loader may wrap what a plugin threw: the refusal is then its cause.
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof StartRefused) return `The server did not start:\n${e.message}`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
