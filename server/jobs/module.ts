/**
 * Scheduled jobs (docs/modules/jobs.md). installJobs() goes before the entity routes (its input
 * rules attach to the generated add / edit); the returned register() after them, with the loaded
 * declarations: it fills the handler dictionary, registers 立即执行, and starts this server's
 * scheduler when the app is ready and stops it when the app closes.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { seedId } from '../db/seed/ids.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { HandlerRegistry } from './handlers/index.js';
import { installJobRules } from './rules.js';
import { registerJobRoutes } from './routes.js';
import { JobScheduler } from './scheduler.js';

const HANDLER_DICT = 'quartz_job_handler';

/** The handler dictionary holds exactly what this server registers (texts kept current). */
async function fillHandlerDict(db: Db, registry: HandlerRegistry): Promise<void> {
  for (const [i, handler] of registry.all().entries())
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
      select ${seedId(`dictItem:${HANDLER_DICT}:${handler.name}`)}, d.id, ${handler.name}, ${handler.title}, ${i + 1}, 1, 'system'
      from sys_dict d where d.dict_code = ${HANDLER_DICT}
      on conflict (dict_id, item_value) do update set item_text = excluded.item_text`.execute(db);
}

export interface JobsModule {
  registry: HandlerRegistry;
  register(api: FastifyInstance, declarations: readonly LoadedDeclaration[]): Promise<JobScheduler>;
}

export function installJobs(api: FastifyInstance, deps: AppDeps, bus: EventBus): JobsModule {
  const db = deps.database.db;
  const registry = new HandlerRegistry();
  installJobRules(api, { db, bus, registry, apiBase: deps.config.apiBase, timeZone: deps.config.timeZone });
  return {
    registry,
    async register(app, declarations) {
      await fillHandlerDict(db, registry);
      const instance = `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;
      const scheduler = new JobScheduler(
        {
          db,
          handlers: registry,
          instance,
          context: { db, config: deps.config, bus, log: app.log, declarations },
        },
        deps.config.timeZone,
      );
      registerJobRoutes(app, db, scheduler);
      const unsubscribe = bus.subscribe((event) => {
        if (event.to === 'jobs') void scheduler.replan();
      });
      app.addHook('onReady', async () => {
        await scheduler.replan();
      });
      app.addHook('onClose', async () => {
        unsubscribe();
        await scheduler.stop();
      });
      return scheduler;
    },
  };
}
