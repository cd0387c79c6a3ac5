/**
 * The job handler 流程定时器 (`workflowTimers`): fires the due timers of open tasks
 * (timer-fire.ts). Its job row (migration 0038) runs every minute; the scheduler's misfire policy
 * "fire now" makes a server that starts after every server was down fire what fell due meanwhile.
 */
import type { JobHandler } from '../jobs/handlers/types.js';
import type { Approvals } from './approval.js';
import { fireDueTimers } from './timer-fire.js';

export const WORKFLOW_TIMER_HANDLER = 'workflowTimers';

/** The handler, reading the approvals' bindings (filled by registerWorkflow) when it runs. */
export function workflowTimerJob(approvals: Approvals): JobHandler {
  return {
    name: WORKFLOW_TIMER_HANDLER,
    title: '流程定时器',
    params: {
      type: 'object',
      additionalProperties: false,
      properties: { limit: { type: 'integer', minimum: 1, maximum: 5000 } },
    },
    async run(ctx, params) {
      const limit = typeof params.limit === 'number' ? params.limit : 500;
      const deps = { db: ctx.db, bindings: approvals.bindings(), bus: ctx.bus, log: ctx.log };
      const { fired, failed } = await fireDueTimers(deps, limit);
      return failed > 0 ? `触发流程定时器${fired}个，失败${failed}个` : `触发流程定时器${fired}个`;
    },
  };
}
