/** The next 10 run times of the text, 500 ms after it last changed; the year is ignored (spec 000 section 9). */
import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatFireTime, nextFireTimes } from '../../../model/cron';
import { PREVIEW_COUNT, PREVIEW_DEBOUNCE_MS } from './labels';

export function Preview({ text, tz }: { text: string; tz?: string }): React.JSX.Element {
  const [times, setTimes] = useState<string[] | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const result = nextFireTimes(text, { from: new Date(), count: PREVIEW_COUNT, tz, ignoreYear: true });
      setTimes(result.ok ? result.value.map((d) => formatFireTime(d, tz)) : null);
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, tz]);
  return (
    <div className="zj-cron-preview" aria-label="最近10次运行时间">
      <Typography.Text strong>最近10次运行时间</Typography.Text>
      <ol style={{ margin: '4px 0 0', paddingLeft: 24, minHeight: 200 }}>
        {times?.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ol>
      {times?.length === 0 && <Typography.Text type="secondary">没有将来的执行时间</Typography.Text>}
    </div>
  );
}
