/**
 * A user task's timer as the designer edits it (docs/modules/workflow.md, "Slice 4"): the server
 * reads the same spellings (server/workflow/timer-spec.ts): `zh:timeout` an ISO 8601 duration,
 * `zh:timeoutAction`, `zh:escalateTo`.
 */
export type TimerAction = '' | 'remind' | 'approve' | 'escalate';
export type TimerUnit = 'M' | 'H' | 'D';

export const TIMER_ACTIONS: readonly { value: TimerAction; label: string }[] = [
  { value: '', label: '不设置' },
  { value: 'remind', label: '超时提醒（提醒审批人）' },
  { value: 'approve', label: '超时自动通过' },
  { value: 'escalate', label: '超时升级（转给上级或指定人员）' },
];

export const TIMER_UNITS: readonly { value: TimerUnit; label: string }[] = [
  { value: 'M', label: '分钟' },
  { value: 'H', label: '小时' },
  { value: 'D', label: '天' },
];

export interface TimerSetting {
  action: TimerAction;
  amount: number;
  unit: TimerUnit;
  /** escalate: `deptManager` or `user:<username>`. */
  target: string;
}

/** Reads the three attributes; a duration of several parts shows in its smallest unit. */
export function parseTimer(timeout?: string, action?: string, target?: string): TimerSetting {
  const known = TIMER_ACTIONS.some((a) => a.value === action) ? (action as TimerAction) : '';
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(timeout ?? '');
  const [d, h, min] = [1, 2, 3].map((i) => Number(m?.[i] ?? 0)) as [number, number, number];
  let amount = 1;
  let unit: TimerUnit = 'D';
  if (min) [amount, unit] = [d * 1440 + h * 60 + min, 'M'];
  else if (h) [amount, unit] = [d * 24 + h, 'H'];
  else if (d) amount = d;
  return { action: known, amount, unit, target: target ?? '' };
}

export function formatDuration(amount: number, unit: TimerUnit): string {
  const n = Math.max(1, Math.floor(amount));
  return unit === 'D' ? `P${n}D` : `PT${n}${unit}`;
}

/** The attributes to write (undefined removes one). */
export function timerAttributes(s: TimerSetting): Record<string, string | undefined> {
  if (!s.action)
    return { 'zh:timeout': undefined, 'zh:timeoutAction': undefined, 'zh:escalateTo': undefined };
  return {
    'zh:timeout': formatDuration(s.amount, s.unit),
    'zh:timeoutAction': s.action,
    'zh:escalateTo': s.action === 'escalate' ? s.target || 'deptManager' : undefined,
  };
}
