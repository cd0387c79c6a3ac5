/**
 * 测试区 (/test, its child /test/home; spec 000 section 2): a signed-in user checks that the browser
 * reaches the server, e.g. when support asks "does the system work from your computer?". It stands
 * alone (blank layout), as the exception pages do, so it answers even when the shell cannot load.
 */
import { Button, Descriptions, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH, PLATFORM_NAME } from '../../src/config';
import { getAction } from '../../src/http/client';
import { session } from '../../src/session/store';
import './test-home.css';

/** A light call every signed-in user may make (the version banner's). */
const PROBE_URL = '/sys/version/queryReminder';

type Probe = { state: 'checking' } | { state: 'ok'; ms: number } | { state: 'failed'; message: string };

function useServerProbe(): [Probe, () => void] {
  const [probe, setProbe] = useState<Probe>({ state: 'checking' });
  const run = useCallback(() => {
    setProbe({ state: 'checking' });
    const started = performance.now();
    getAction<unknown>(PROBE_URL).then(
      (answer) =>
        setProbe(
          answer.success
            ? { state: 'ok', ms: Math.round(performance.now() - started) }
            : { state: 'failed', message: answer.message },
        ),
      (error: unknown) =>
        setProbe({ state: 'failed', message: error instanceof Error ? error.message : '无法连接服务器' }),
    );
  }, []);
  useEffect(run, [run]);
  return [probe, run];
}

function ProbeTag({ probe }: { probe: Probe }): React.JSX.Element {
  if (probe.state === 'checking') return <Tag>检测中…</Tag>;
  if (probe.state === 'ok') return <Tag color="success">连接正常（{probe.ms} 毫秒）</Tag>;
  return <Tag color="error">连接失败：{probe.message}</Tag>;
}

export default function TestHome(): React.JSX.Element {
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const [probe, again] = useServerProbe();
  return (
    <div className="test-home">
      <section className="test-home__panel">
        <h2 className="test-home__title">测试区</h2>
        <p className="test-home__intro">检查您的浏览器能否正常访问{PLATFORM_NAME}。</p>
        <Descriptions
          bordered
          column={1}
          items={[
            { key: 'user', label: '当前用户', children: userInfo?.realname || '未登录' },
            { key: 'server', label: '服务器连接', children: <ProbeTag probe={probe} /> },
            {
              key: 'window',
              label: '浏览器窗口',
              children: `${window.innerWidth} × ${window.innerHeight}`,
            },
          ]}
        />
        <Space className="test-home__actions">
          <Button onClick={again} disabled={probe.state === 'checking'}>
            重新检测
          </Button>
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回工作台
          </Button>
        </Space>
      </section>
    </div>
  );
}
