/**
 * A user task's timer as the model writes it (docs/modules/workflow.md, "Slice 4"):
 * `zh:timeout="PT2H"` (an ISO 8601 duration of days, hours and minutes), `zh:timeoutAction`
 * (`remind` 超时提醒, `approve` 超时自动通过, `escalate` 超时升级) and, for escalate,
 * `zh:escalateTo` (`deptManager`: the assignee's department manager, or `user:<username>`).
 *
 * Our own attributes, not a BPMN timer event: bpmn-engine's TimerEventDefinition arms a
 * setTimeout inside the engine, and our engine lives only for one request; timers are database
 * rows fired by the job scheduler instead (timers.ts).
 */
export type TimerAction = 'remind' | 'approve' | 'escalate';

export interface TaskTimer {
  action: TimerAction;
  /** The duration in seconds, counted from the task's creation. */
  seconds: number;
  /** escalate only: `deptManager` or `user:<username>`. */
  target?: string;
  /** The duration as written, for messages (e.g. 2小时). */
  text: string;
}

const ACTIONS: ReadonlySet<string> = new Set(['remind', 'approve', 'escalate']);
const DURATION = /^P(?:(\d{1,3})D)?(?:T(?:(\d{1,4})H)?(?:(\d{1,5})M)?)?$/;
const TARGET = /^(deptManager|user:[A-Za-z0-9_.@-]{1,100})$/;
const MAX_SECONDS = 366 * 86_400;

/** 2天3小时 from PT..: the Chinese reading of a duration. */
export function durationText(days: number, hours: number, minutes: number): string {
  return `${days ? `${days}天` : ''}${hours ? `${hours}小时` : ''}${minutes ? `${minutes}分钟` : ''}`;
}

/** The timer of a task from its three attributes, or the problem (Chinese) that refuses the model. */
export function readTimer(spec: { timeout: string; action: string; target: string }): {
  timer?: TaskTimer;
  problem?: string;
} {
  if (!spec.timeout && !spec.action && !spec.target) return {};
  const match = DURATION.exec(spec.timeout);
  const [days, hours, minutes] = [1, 2, 3].map((i) => Number(match?.[i] ?? 0));
  const seconds = days! * 86_400 + hours! * 3_600 + minutes! * 60;
  if (!match || seconds <= 0 || seconds > MAX_SECONDS)
    return { problem: `超时时间无效（${spec.timeout || '未填写'}），应为1分钟到366天，如PT2H` };
  if (!ACTIONS.has(spec.action))
    return {
      problem: `超时处理方式无效（${spec.action || '未选择'}），应为超时提醒、超时自动通过或超时升级`,
    };
  const text = durationText(days!, hours!, minutes!);
  if (spec.action !== 'escalate') return { timer: { action: spec.action as TimerAction, seconds, text } };
  if (!TARGET.test(spec.target)) return { problem: `超时升级须指定升级给谁（${spec.target || '未选择'}）` };
  return { timer: { action: 'escalate', seconds, target: spec.target, text } };
}
