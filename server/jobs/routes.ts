/** GET /sys/quartzJob/execute?id=: run a job once now (the declared 立即执行 action), stopped or not. */
import type { FastifyInstance } from 'fastify';
import { idParam } from '../entity/route-kit.js';
import { ApiError, okMessage } from '../result.js';
import { JobMessages } from './messages.js';
import { JobScheduler, loadJobs } from './scheduler.js';
import type { Db } from '../db/database.js';

/** How long the call waits for the run before answering that it goes on. */
const EXECUTE_WAIT_MS = 10_000;

export function registerJobRoutes(app: FastifyInstance, db: Db, scheduler: JobScheduler): void {
  app.get(
    '/sys/quartzJob/execute',
    { config: { access: { perm: 'quartzJob:execute' } } },
    async (request) => {
      const id = idParam(request);
      const [job] = await loadJobs(db, { id });
      if (!job) throw new ApiError(JobMessages.jobMissing);
      const run = scheduler.execute(job).then(() => true);
      const finished = await Promise.race([
        run,
        new Promise<false>((r) => setTimeout(r, EXECUTE_WAIT_MS, false).unref()),
      ]);
      return okMessage(finished ? JobMessages.executed : JobMessages.executing);
    },
  );
}
