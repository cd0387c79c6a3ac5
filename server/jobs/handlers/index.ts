/** The handlers the server offers; a job names one of these, never code or a class name. */
import { overdueReminder } from './overdue.js';
import { purgeLogs, purgeSessions } from './purge.js';
import { sampleLog } from './sample.js';
import type { JobHandler } from './types.js';
import { routineWorkGeneration } from '../../work/routine-job.js';
import { vehicleExpiryReminder } from '../../vehicle/reminders.js';

export type { JobContext, JobHandler } from './types.js';

export const BUILT_IN_HANDLERS: readonly JobHandler[] = [
  sampleLog,
  purgeSessions,
  purgeLogs,
  overdueReminder,
  routineWorkGeneration,
  vehicleExpiryReminder,
];

export class HandlerRegistry {
  private readonly byName = new Map<string, JobHandler>();

  constructor(handlers: readonly JobHandler[] = BUILT_IN_HANDLERS) {
    for (const h of handlers) this.byName.set(h.name, h);
  }

  /** A module's own handler (one that needs the module's state), added before the jobs register. */
  add(handler: JobHandler): void {
    this.byName.set(handler.name, handler);
  }

  get(name: string): JobHandler | undefined {
    return this.byName.get(name);
  }

  all(): JobHandler[] {
    return [...this.byName.values()];
  }
}
