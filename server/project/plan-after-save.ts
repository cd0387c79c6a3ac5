/**
 * A plan's tasks as they will be after a save (plan-guard.ts checks them with plan-rules.ts): the
 * stored rows with a grid payload ({added, edited, deletedIds}) or a full list of rows, or one
 * task's add / edit applied.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { PlanTaskFacts } from './plan-rules.js';

export interface TaskRow extends PlanTaskFacts {
  id?: string;
}

export interface StoredPlan {
  startDate: string | null;
  endDate: string | null;
  tasks: TaskRow[];
}

const FACTS = ['taskName', 'parentTask', 'predecessor', 'startDate', 'endDate'] as const;

function factsOf(values: Record<string, unknown>, base: TaskRow = { taskName: '' }): TaskRow {
  const out: TaskRow = { ...base };
  for (const key of FACTS) {
    const v = values[key];
    if (v === undefined) continue;
    if (key === 'taskName') out.taskName = typeof v === 'string' ? v : '';
    else out[key] = typeof v === 'string' ? v : null;
  }
  return out;
}

const asRows = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null) : [];

export const afterSave = {
  async storedPlan(db: Db, planId: string): Promise<StoredPlan | null> {
    const plan = await sql<{ startDate: string | null; endDate: string | null }>`select
        to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
      from biz_project_plan where id = ${planId}`.execute(db);
    if (!plan.rows[0]) return null;
    const tasks = await sql<TaskRow>`select id, task_name as "taskName", parent_task as "parentTask",
        predecessor, to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
      from biz_plan_task where plan_id = ${planId}`.execute(db);
    return { ...plan.rows[0], tasks: tasks.rows };
  },

  /**
   * The grid payload of a plan's save over its stored tasks; a full list (queryById's shape) is the
   * new set: listed rows over their stored ones, rows without id new, the stored rows it leaves out gone.
   */
  applyGrid(stored: readonly TaskRow[], payload: unknown): TaskRow[] {
    if (Array.isArray(payload)) {
      const byId = new Map(stored.map((t) => [t.id ?? '', t]));
      return asRows(payload).map((r) => {
        const saved = typeof r.id === 'string' ? byId.get(r.id) : undefined;
        return saved ? factsOf(r, saved) : factsOf(r);
      });
    }
    if (typeof payload !== 'object' || payload === null) return [...stored];
    const p = payload as Record<string, unknown>;
    const gone = new Set(
      Array.isArray(p.deletedIds) ? p.deletedIds.filter((v) => typeof v === 'string') : [],
    );
    const edited = new Map(asRows(p.edited).map((r) => [String(r.id), r]));
    const kept = stored
      .filter((t) => !gone.has(t.id ?? ''))
      .map((t) => {
        const change = edited.get(t.id ?? '');
        return change ? factsOf(change, t) : t;
      });
    return [...kept, ...asRows(p.added).map((r) => factsOf(r))];
  },

  /** One task added (no id) or edited (its id) over the plan's stored tasks. */
  applyOne(stored: readonly TaskRow[], body: Record<string, unknown>, id: string | undefined): TaskRow[] {
    if (id === undefined) return [...stored, factsOf(body)];
    return stored.map((t) => (t.id === id ? factsOf(body, t) : t));
  },
};
