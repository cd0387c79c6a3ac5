/**
 * Redis终端 (menu key modules/monitor/RedisTerminal): read-only commands on the Redis of REDIS_URL.
 * The server refuses any command outside its allow-list (server/monitor/redis-terminal.ts); the
 * page only shows the list and the answers. ↑ / ↓ walk the history of this page.
 */
import { Card, Input, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import type { ScreenProps } from '../../src/router/components';
import { loadRedisCommands, runRedisCommand, useMonitor, type RedisInfoAnswer } from './api';
import { MonitorFrame, RedisNotConfigured } from './parts';

interface Line {
  id: number;
  kind: 'command' | 'output' | 'refused' | 'meta';
  text: string;
}

export default function RedisTerminal(_props: ScreenProps): React.JSX.Element {
  const { answer: info } = useMonitor<RedisInfoAnswer>('redis/info', 0);
  const commands = useSWR('monitor-redis-commands', loadRedisCommands, { revalidateOnFocus: false });
  const [lines, setLines] = useState<Line[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const history = useRef<string[]>([]);
  const cursor = useRef(0);
  const nextId = useRef(0);
  const screen = useRef<HTMLDivElement>(null);
  const data = info.data;
  const address = data?.configured ? data.address : '';

  useEffect(() => {
    screen.current?.scrollTo({ top: screen.current.scrollHeight });
  }, [lines]);

  const push = (...added: Omit<Line, 'id'>[]) =>
    setLines((prev) => [...prev, ...added.map((l) => ({ ...l, id: (nextId.current += 1) }))].slice(-500));

  const run = async () => {
    const command = input.trim();
    if (!command || busy) return;
    history.current = [...history.current.filter((c) => c !== command), command].slice(-50);
    cursor.current = history.current.length;
    setInput('');
    if (command.toLowerCase() === 'clear') return setLines([]);
    setBusy(true);
    push({ kind: 'command', text: `${address}> ${command}` });
    const answer = await runRedisCommand(command).finally(() => setBusy(false));
    if (answer.ok)
      push({ kind: 'output', text: answer.output }, { kind: 'meta', text: `（${answer.ms} ms）` });
    else push({ kind: 'refused', text: answer.message });
  };

  const walk = (step: number) => {
    const h = history.current;
    cursor.current = Math.max(0, Math.min(h.length, cursor.current + step));
    setInput(h[cursor.current] ?? '');
  };

  return (
    <MonitorFrame
      name="redis-terminal"
      lead={data?.configured ? `Redis ${address}（只读终端）` : 'Redis 只读终端'}
      error={info.error}
      every={0}
      onReload={() => void info.mutate()}
      loading={info.isValidating}
    >
      {data && !data.configured && <RedisNotConfigured message={data.message} />}
      {data?.configured && (
        <Card variant="borderless">
          <div className="zj-monitor__terminal" ref={screen} data-terminal="screen">
            <div className="is-meta">
              只允许只读命令，其余命令一律拒绝。输入 clear 清屏，↑ / ↓ 翻看历史命令。
            </div>
            {lines.map((line) => (
              <div key={line.id} className={`is-${line.kind}`}>
                {line.text}
              </div>
            ))}
          </div>
          <Input
            style={{ marginTop: 12 }}
            className="zj-monitor__mono"
            prefix={<Typography.Text type="secondary">{address}&gt;</Typography.Text>}
            placeholder="输入命令后回车，如 INFO memory、DBSIZE、SCAN 0 MATCH user:* COUNT 100"
            value={input}
            aria-label="Redis命令"
            onChange={(e) => setInput(e.target.value)}
            onPressEnter={() => void run()}
            onKeyDown={(e) => {
              if (e.key === 'ArrowUp') walk(-1);
              if (e.key === 'ArrowDown') walk(1);
            }}
          />
          <div style={{ marginTop: 12 }}>
            <Typography.Text type="secondary">允许的命令：</Typography.Text>
            {(commands.data?.commands ?? []).map((c) => (
              <Tag key={c} style={{ marginTop: 4, cursor: 'pointer' }} onClick={() => setInput(`${c} `)}>
                {c}
              </Tag>
            ))}
          </div>
        </Card>
      )}
    </MonitorFrame>
  );
}
