/**
 * What a module adds to a declared add or edit that the declaration cannot say (a work order's
 * person in charge told of the order, issue 33): a hook run in the save's own transaction, after
 * the row was written, so the change and what the hook writes commit or fail together. Modules hand
 * their hooks to registerEntityRoutes by entity name, like the transition hooks.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { Caller, Row } from './store.js';

export interface SaveEvent {
  model: EntityModel;
  id: string;
  /** The row before an edit; null for an add. */
  before: Row | null;
  /** The values written: every field of an add, what an edit sent (and may change). */
  values: Readonly<Row>;
  caller: Caller & { realname?: string };
  /** The call (imports included): a hook queues what is told after the answer on it. */
  request: FastifyRequest;
}

export type SaveHook = (trx: Db, event: SaveEvent) => Promise<void>;

/** Hooks by entity name. */
export type SaveHooks = ReadonlyMap<string, SaveHook>;
