/** What a job handler is: a name the client may pick, its parameter schema, and the work. */
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../bus/index.js';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { LoadedDeclaration } from '../../../runtime/model/declaration/validate.js';

export interface JobContext {
  db: Db;
  config: ServerConfig;
  bus: EventBus;
  log: FastifyBaseLogger;
  declarations: readonly LoadedDeclaration[];
  jobId: string;
  fireTime: Date;
}

export interface JobHandler {
  /** The value stored in the job row and offered by the quartz_job_handler dictionary. */
  name: string;
  /** The dictionary text. */
  title: string;
  /** JSON Schema of the job's parameter (an object), checked with ajv when a job is saved. */
  params: Record<string, unknown>;
  /** Does the work; the answer is the log row's result text. A throw is the log row's error. */
  run(ctx: JobContext, params: Record<string, unknown>): Promise<string>;
}
