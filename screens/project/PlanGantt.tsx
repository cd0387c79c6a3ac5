/**
 * 甘特图 (a panel of 全部计划, `actions[].panel` planGantt): the plan's tasks as bars by planned
 * dates with progress and predecessor arrows (frappe-gantt, loaded with this panel only). Dragging a
 * bar saves its dates through the task's own edit call with the version it was loaded with, so the
 * server's rules (subtask within its parent, plan dates) and a concurrent edit refuse it; the chart
 * then reloads from the server either way.
 */
import { Alert, Empty, Segmented, Spin, Typography } from 'antd';
import Gantt from 'frappe-gantt';
// The package's exports map offers no path to its stylesheet (only a 'style' condition Vite does
// not use), so it is imported by file.
import '../../node_modules/frappe-gantt/dist/frappe-gantt.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { datesOf, ganttTasks, type PlanTaskRow } from './gantt-tasks';
import './plan-gantt.css';

type Mode = 'Day' | 'Week' | 'Month';
const MODES: { label: string; value: Mode }[] = [
  { label: '日', value: 'Day' },
  { label: '周', value: 'Week' },
  { label: '月', value: 'Month' },
];

export default function PlanGantt({ row }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const planId = String(row?.id ?? '');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Gantt | null>(null);
  const rows = useRef<PlanTaskRow[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | string>('loading');
  const [mode, setMode] = useState<Mode>('Week');

  const load = useCallback(async () => {
    const res = await http.get<{ records: PlanTaskRow[] }>('/plan/planTask/list', {
      planId,
      pageSize: '500',
      column: 'orderNum',
      order: 'asc',
    });
    if (!res.success || !res.result) return setState(res.message || '加载失败');
    rows.current = res.result.records;
    const tasks = ganttTasks(rows.current);
    if (tasks.length === 0) return setState('empty');
    setState('ready');
    if (chart.current) chart.current.refresh(tasks);
    else if (box.current)
      chart.current = new Gantt(box.current, tasks, {
        view_mode: mode,
        language: 'zh',
        readonly_progress: true,
        today_button: false,
        popup_on: 'click',
        bar_height: 24,
        padding: 14,
        on_date_change: (task, start, end) => move(task.id, start, end),
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, planId]);

  // frappe-gantt reports new dates on every mouse move of a drag: the save waits until the bar has
  // been still for 400 ms, then sends the last dates once.
  const pending = useRef<{ id: string; start: Date; end: Date; timer?: number }>(null);
  const move = (id: string, start: Date, end: Date) => {
    window.clearTimeout(pending.current?.timer);
    pending.current = { id, start, end, timer: window.setTimeout(() => void save(), 400) };
  };
  const save = async () => {
    const change = pending.current;
    pending.current = null;
    const task = change && rows.current.find((r) => r.id === change.id);
    if (!change || !task) return;
    const dates = datesOf(change.start, change.end);
    if (
      String(task.startDate).slice(0, 10) === dates.startDate &&
      String(task.endDate).slice(0, 10) === dates.endDate
    )
      return;
    const res = await http.put<unknown>('/plan/planTask/edit', {
      id: task.id,
      rowVersion: task.rowVersion,
      ...dates,
    });
    if (res.success) feedback.message('success', `已调整“${task.taskName}”的日期`);
    else feedback.message('error', res.message);
    await load();
  };

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => chart.current?.change_view_mode(mode), [mode]);

  return (
    <div className="zj-plan-gantt">
      <div className="zj-plan-gantt__bar">
        <Typography.Text strong>{String(row?.planName ?? '')}</Typography.Text>
        <Typography.Text type="secondary">拖动任务条可调整计划日期；箭头表示前置任务</Typography.Text>
        <Segmented options={MODES} value={mode} onChange={(v) => setMode(v as Mode)} />
      </div>
      {state === 'loading' && <Spin style={{ display: 'block', padding: 48 }} />}
      {state === 'empty' && <Empty description="该计划还没有带起止日期的任务" />}
      {state !== 'loading' && state !== 'empty' && state !== 'ready' && <Alert type="error" title={state} />}
      <div ref={box} className="zj-plan-gantt__chart" />
    </div>
  );
}
