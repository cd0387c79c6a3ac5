/**
 * What a module adds to a declared transition that the declaration cannot say (a work order's
 * timeline entry): a hook run in the transition's own transaction, after the row changed, so the
 * change and its record commit or fail together. Modules hand their hooks to registerEntityRoutes
 * by entity name; there is no global registry.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { TransitionModel } from '../../runtime/model/declaration/model.js';
import type { EntityDeps } from './route-kit.js';
import type { Caller, Row, EntityStore } from './store.js';

export interface TransitionEvent {
  deps: EntityDeps;
  /** The entity's store over the transaction. */
  store: EntityStore;
  transition: TransitionModel;
  id: string;
  /** The row as it was before the change. */
  row: Row;
  caller: Caller;
  /** The call's body (PUT / POST) or query (GET / DELETE): a note the hook may record. */
  input: Readonly<Record<string, unknown>>;
  /** The call: a hook queues what is told after the answer on it (server/notice/assigned.ts). */
  request: FastifyRequest;
}

export type TransitionHook = (trx: Db, event: TransitionEvent) => Promise<void>;

/** Hooks by entity name. */
export type TransitionHooks = ReadonlyMap<string, TransitionHook>;
