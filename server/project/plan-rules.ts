/**
 * The rules a plan's tasks obey together (docs/modules/projects.md, 计划与任务), checked on every
 * save of the plan, of one task and of a Gantt drag. Tasks refer to each other by name (上级任务,
 * 前置任务): a name is unique within a plan, and rows added in the same save have no id yet.
 *  - a named parent or predecessor is a task of the same plan, and not the task itself;
 *  - neither the parents nor the predecessors form a cycle;
 *  - a subtask lies within its parent's dates, and every task within the plan's dates.
 * Pure: the caller gathers the plan's tasks as they will be after the save.
 */
export interface PlanTaskFacts {
  taskName: string;
  parentTask?: string | null;
  predecessor?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

export interface PlanDates {
  startDate?: string | null;
  endDate?: string | null;
}

export const PlanRuleMessages = {
  noSuchParent: (task: string, parent: string) => `任务“${task}”的上级任务“${parent}”不在本计划中`,
  noSuchPredecessor: (task: string, other: string) => `任务“${task}”的前置任务“${other}”不在本计划中`,
  ownParent: (task: string) => `任务“${task}”不能是自己的上级任务`,
  ownPredecessor: (task: string) => `任务“${task}”不能是自己的前置任务`,
  parentCycle: (path: string[]) => `上级任务不能循环：${path.join(' → ')}`,
  predecessorCycle: (path: string[]) => `前置任务不能循环：${path.join(' → ')}`,
  outsideParent: (task: string, parent: string, from: string, to: string) =>
    `子任务“${task}”的日期须在上级任务“${parent}”的日期内（${from} ~ ${to}）`,
  outsidePlan: (task: string, from: string, to: string) =>
    `任务“${task}”的日期须在计划的日期内（${from} ~ ${to}）`,
} as const;

const day = (v: string | null | undefined): string => (typeof v === 'string' ? v.slice(0, 10) : '');
const name = (v: string | null | undefined): string => (typeof v === 'string' ? v.trim() : '');

/** A cycle along `next` starting anywhere, as the names walked (first name repeated at the end). */
function cycleOf(names: readonly string[], next: (n: string) => string): string[] | null {
  const done = new Set<string>();
  for (const start of names) {
    const path: string[] = [];
    const onPath = new Map<string, number>();
    let at = start;
    while (at !== '' && !done.has(at)) {
      if (onPath.has(at)) return [...path.slice(onPath.get(at)), at];
      onPath.set(at, path.length);
      path.push(at);
      at = next(at);
    }
    for (const n of path) done.add(n);
  }
  return null;
}

type ByName = ReadonlyMap<string, PlanTaskFacts>;

/** A task's own references: its parent and predecessor exist in the plan and are not itself. */
export function referenceProblem(t: PlanTaskFacts, byName: ByName): string | null {
  const own = name(t.taskName);
  const parent = name(t.parentTask);
  const before = name(t.predecessor);
  if (parent === own && own !== '') return PlanRuleMessages.ownParent(own);
  if (before === own && own !== '') return PlanRuleMessages.ownPredecessor(own);
  if (parent && !byName.has(parent)) return PlanRuleMessages.noSuchParent(own, parent);
  if (before && !byName.has(before)) return PlanRuleMessages.noSuchPredecessor(own, before);
  return null;
}

/** A task's dates: within the plan's, and within its parent's. */
export function dateProblem(t: PlanTaskFacts, byName: ByName, plan: PlanDates): string | null {
  const [planFrom, planTo] = [day(plan.startDate), day(plan.endDate)];
  const [from, to] = [day(t.startDate), day(t.endDate)];
  if (planFrom && planTo && ((from && from < planFrom) || (to && to > planTo)))
    return PlanRuleMessages.outsidePlan(name(t.taskName), planFrom, planTo);
  const parent = byName.get(name(t.parentTask));
  if (!parent) return null;
  const [pFrom, pTo] = [day(parent.startDate), day(parent.endDate)];
  if (pFrom && pTo && ((from && from < pFrom) || (to && to > pTo)))
    return PlanRuleMessages.outsideParent(name(t.taskName), name(parent.taskName), pFrom, pTo);
  return null;
}

/** The tasks by their (trimmed) names; of a repeated name the first (stored before imported). */
export function tasksByName(tasks: readonly PlanTaskFacts[]): Map<string, PlanTaskFacts> {
  const out = new Map<string, PlanTaskFacts>();
  for (const t of tasks) if (!out.has(name(t.taskName))) out.set(name(t.taskName), t);
  return out;
}

/** A cycle of parents or of predecessors among the tasks, in Chinese, or null. */
export function cycleProblem(byName: ByName): string | null {
  const names = [...byName.keys()];
  const parents = cycleOf(names, (n) => name(byName.get(n)?.parentTask));
  if (parents) return PlanRuleMessages.parentCycle(parents);
  const preds = cycleOf(names, (n) => name(byName.get(n)?.predecessor));
  if (preds) return PlanRuleMessages.predecessorCycle(preds);
  return null;
}

/** The first broken rule, in Chinese, or null when the tasks fit together. */
export function planTaskProblem(tasks: readonly PlanTaskFacts[], plan: PlanDates = {}): string | null {
  const byName = tasksByName(tasks);
  for (const t of tasks) {
    const problem = referenceProblem(t, byName);
    if (problem) return problem;
  }
  const cycle = cycleProblem(byName);
  if (cycle) return cycle;
  for (const t of tasks) {
    const problem = dateProblem(t, byName, plan);
    if (problem) return problem;
  }
  return null;
}
