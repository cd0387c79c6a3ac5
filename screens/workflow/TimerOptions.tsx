/**
 * 超时处理 of a user task in the modeler's panel: after a duration (from the task's creation) the
 * server's job 流程定时器 reminds the assignee, approves automatically, or escalates the task to
 * the assignee's department manager or a named user. Writes `zh:timeout`, `zh:timeoutAction`,
 * `zh:escalateTo` (timer-options.ts).
 */
import { Form, InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import type { BusinessObject } from './bpmn/services';
import {
  parseTimer,
  TIMER_ACTIONS,
  TIMER_UNITS,
  timerAttributes,
  type TimerAction,
  type TimerSetting,
  type TimerUnit,
} from './timer-options';

interface UserRow {
  username: string;
  realname: string;
}

/** 指定人员: a searchable picker of the active users. */
function UserPicker({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { http } = useRuntime();
  const [word, setWord] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    void http
      .get<{ records: UserRow[] }>('/sys/user/queryUserComponentData', {
        pageNo: 1,
        pageSize: 20,
        [/[^ -~]/.test(word) ? 'realname' : 'username']: word,
      })
      .then((res) => {
        if (res.success)
          setOptions(
            res.result.records.map((u) => ({ value: u.username, label: `${u.realname}（${u.username}）` })),
          );
      });
  }, [http, word]);
  return (
    <Select
      aria-label="升级人员"
      placeholder="搜索并选择人员"
      showSearch={{ filterOption: false, onSearch: setWord }}
      value={value || undefined}
      options={
        value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options
      }
      onChange={onChange}
    />
  );
}

export function TimerOptions({
  bo,
  update,
}: {
  bo: BusinessObject;
  update(props: Record<string, unknown>): void;
}): React.JSX.Element {
  const [timer, setTimer] = useState<TimerSetting>(() =>
    parseTimer(
      bo.get('zh:timeout') as string | undefined,
      bo.get('zh:timeoutAction') as string | undefined,
      bo.get('zh:escalateTo') as string | undefined,
    ),
  );
  const save = (patch: Partial<TimerSetting>) => {
    const next = { ...timer, ...patch };
    setTimer(next);
    // A named user not chosen yet: nothing written until the rule is complete.
    if (next.action === 'escalate' && next.target.startsWith('user:') && next.target.length <= 5) return;
    update(timerAttributes(next));
  };
  const toUser = timer.target.startsWith('user:');
  return (
    <Form.Item label="超时处理" extra="从待办生成时计时，到期由流程定时器处理一次">
      <Space direction="vertical" style={{ width: '100%' }} size={6}>
        <Select<TimerAction>
          aria-label="超时处理"
          value={timer.action}
          options={[...TIMER_ACTIONS]}
          onChange={(action) => save({ action })}
        />
        {timer.action && (
          <Space.Compact style={{ width: '100%' }}>
            <InputNumber
              aria-label="超时时长"
              min={1}
              max={9999}
              precision={0}
              style={{ width: '60%' }}
              value={timer.amount}
              onChange={(amount) => save({ amount: amount ?? 1 })}
            />
            <Select<TimerUnit>
              aria-label="超时单位"
              style={{ width: '40%' }}
              value={timer.unit}
              options={[...TIMER_UNITS]}
              onChange={(unit) => save({ unit })}
            />
          </Space.Compact>
        )}
        {timer.action === 'escalate' && (
          <Select
            aria-label="升级给"
            value={toUser ? 'user' : 'deptManager'}
            options={[
              { value: 'deptManager', label: '审批人的部门经理' },
              { value: 'user', label: '指定人员' },
            ]}
            onChange={(kind: string) => save({ target: kind === 'user' ? 'user:' : 'deptManager' })}
          />
        )}
        {timer.action === 'escalate' && toUser && (
          <UserPicker value={timer.target.slice(5)} onChange={(u) => save({ target: `user:${u}` })} />
        )}
      </Space>
    </Form.Item>
  );
}
