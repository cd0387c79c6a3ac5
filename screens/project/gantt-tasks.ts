/**
 * A plan's tasks as Gantt bars (PlanGantt.tsx): bars by planned dates, progress, the predecessor as
 * the dependency arrow (tasks refer to each other by name within a plan), subtasks after their
 * parent. Tasks without both dates have no bar.
 */
import type { GanttTask } from 'frappe-gantt';

export interface PlanTaskRow {
  id: string;
  taskName: string;
  parentTask?: string | null;
  predecessor?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  progress?: number | null;
  orderNum?: number | null;
  rowVersion?: number;
}

/** Roots in their order, each followed by its subtasks (depth first). */
export function treeOrder(rows: readonly PlanTaskRow[]): PlanTaskRow[] {
  const names = new Set(rows.map((r) => r.taskName));
  const sorted = [...rows].sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0));
  const out: PlanTaskRow[] = [];
  const seen = new Set<string>();
  const visit = (row: PlanTaskRow) => {
    if (seen.has(row.id)) return;
    seen.add(row.id);
    out.push(row);
    sorted.filter((c) => c.parentTask === row.taskName).forEach(visit);
  };
  sorted.filter((r) => !r.parentTask || !names.has(r.parentTask)).forEach(visit);
  sorted.forEach(visit); // a cycle the server would refuse still shows
  return out;
}

export function ganttTasks(rows: readonly PlanTaskRow[]): GanttTask[] {
  const idOf = new Map(rows.map((r) => [r.taskName, r.id]));
  const parents = new Set(rows.map((r) => r.parentTask).filter(Boolean));
  return treeOrder(rows)
    .filter((r) => r.startDate && r.endDate)
    .map((r) => ({
      id: r.id,
      name: r.parentTask ? `└ ${r.taskName}` : r.taskName,
      start: String(r.startDate).slice(0, 10),
      end: String(r.endDate).slice(0, 10),
      progress: Math.max(0, Math.min(100, Number(r.progress ?? 0))),
      dependencies: (r.predecessor && idOf.get(r.predecessor)) || undefined,
      custom_class: parents.has(r.taskName) ? 'zj-gantt-parent' : undefined,
    }));
}

/** A dragged bar's dates as the task's fields: frappe-gantt's end is exclusive (midnight after). */
export function datesOf(start: Date, end: Date): { startDate: string; endDate: string } {
  const local = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const last = new Date(end.getTime() - 1000);
  return { startDate: local(start), endDate: local(last) };
}
