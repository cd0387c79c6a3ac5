/**
 * The scheduler's 例行工作生成 handler (server/jobs/, docs/modules/jobs.md): makes the current
 * period's items of every enabled routine, once per period and person whatever the number of
 * servers or runs (routine.ts). A daily run (e.g. `0 0 6 * * ? *`) keeps every period filled.
 */
import { todayIn } from '../workorder/rules.js';
import type { JobHandler } from '../jobs/handlers/types.js';
import { generateRoutineWork } from './routine.js';

export const routineWorkGeneration: JobHandler = {
  name: 'routineWorkGeneration',
  title: '例行工作生成',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: { tenantId: { type: 'integer', minimum: 0 } },
  },
  async run(ctx, params) {
    const tenantId = typeof params.tenantId === 'number' ? params.tenantId : undefined;
    const result = await generateRoutineWork(ctx.db, todayIn(ctx.config.timeZone), { tenantId });
    return `处理例行工作${result.routines}项，生成工作事项${result.created}条`;
  },
};
