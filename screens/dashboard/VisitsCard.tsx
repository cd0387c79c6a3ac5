/**
 * 访问统计 on the workbench (spec 001: GET /sys/loginfo, /sys/visitInfo): today's visits and
 * addresses, the total, and the last seven days as small bars. Plain elements rather than ECharts:
 * seven bars are not worth the ~190 KiB chart chunk on the first screen everyone opens.
 */
import { useEffect, useState } from 'react';
import { getAction } from '../../src/http/client';

interface VisitTotals {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

function useVisits() {
  const [totals, setTotals] = useState<VisitTotals>();
  const [days, setDays] = useState<VisitDay[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.allSettled([
      getAction<VisitTotals>('/sys/loginfo'),
      getAction<VisitDay[]>('/sys/visitInfo'),
    ]).then(([t, d]) => {
      if (!live) return;
      if (t.status === 'fulfilled' && t.value.success) setTotals(t.value.result);
      if (d.status === 'fulfilled' && d.value.success) setDays(d.value.result ?? []);
    });
    return () => {
      live = false;
    };
  }, []);
  return { totals, days };
}

export function VisitsCard(): React.JSX.Element {
  const { totals, days } = useVisits();
  const top = Math.max(1, ...days.map((d) => d.visit));
  return (
    <section className="workbench-panel visits-card">
      <h4 className="workbench-panel__head">访问统计</h4>
      <div className="workbench-panel__body">
        <div className="visits-card__totals">
          <span>
            今日访问 <b>{totals?.todayVisitCount ?? '-'}</b>
          </span>
          <span>
            今日IP <b>{totals?.todayIp ?? '-'}</b>
          </span>
          <span>
            总访问量 <b>{totals?.totalVisitCount ?? '-'}</b>
          </span>
        </div>
        <div className="visits-card__bars" role="list" aria-label="近7日访问量">
          {days.map((d) => (
            <div
              key={d.tian}
              className="visits-card__day"
              role="listitem"
              title={`${d.tian}：访问 ${d.visit}，IP ${d.ip}`}
            >
              <span className="visits-card__count">{d.visit}</span>
              <span
                className="visits-card__bar"
                style={{ height: `${Math.round((d.visit / top) * 100)}%` }}
              />
              <span className="visits-card__label">{d.type}</span>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
