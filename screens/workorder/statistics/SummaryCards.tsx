/** The six figures of 工单统计 at the top: total, open, finished, overdue, overdue rate, average time. */
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  PercentageOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Card, Col, Row } from 'antd';
import type { Summary } from './api';
import { durationText, rateText } from './filters';

interface Figure {
  key: string;
  title: string;
  value: string;
  note: string;
  icon: React.ReactNode;
  tone: 'blue' | 'cyan' | 'green' | 'red' | 'orange' | 'purple';
}

function figuresOf(s: Summary): Figure[] {
  return [
    {
      key: 'total',
      title: '总工单',
      value: String(s.total),
      note: `已关闭 ${s.closed} · 已撤回 ${s.withdrawn}`,
      icon: <FileTextOutlined />,
      tone: 'blue',
    },
    {
      key: 'open',
      title: '进行中',
      value: String(s.open),
      note: `待接收 ${s.waiting} · 处理中 ${s.processing}`,
      icon: <ClockCircleOutlined />,
      tone: 'cyan',
    },
    {
      key: 'finished',
      title: '已完成',
      value: String(s.finished),
      note: `本周完成 ${s.finishedThisWeek}`,
      icon: <CheckCircleOutlined />,
      tone: 'green',
    },
    {
      key: 'overdue',
      title: '逾期',
      value: String(s.overdue),
      note: `未完成 ${s.overdueOpen} · 逾期完成 ${s.finishedLate}`,
      icon: <WarningOutlined />,
      tone: 'red',
    },
    {
      key: 'rate',
      title: '逾期率',
      value: rateText(s.overdueRate),
      note: '逾期 ÷ 总工单',
      icon: <PercentageOutlined />,
      tone: 'orange',
    },
    {
      key: 'avg',
      title: '平均完成时长',
      value: durationText(s.avgFinishHours),
      note: '从创建到完成',
      icon: <FieldTimeOutlined />,
      tone: 'purple',
    },
  ];
}

export function SummaryCards({ summary }: { summary: Summary | null }): React.JSX.Element {
  if (!summary)
    return (
      <Row gutter={[16, 16]}>
        {Array.from({ length: 6 }, (_, i) => (
          <Col key={i} xs={12} md={8} xl={4}>
            <Card variant="borderless" loading className="wo-stats__card" />
          </Col>
        ))}
      </Row>
    );
  return (
    <Row gutter={[16, 16]} className="wo-stats__cards">
      {figuresOf(summary).map((f) => (
        <Col key={f.key} xs={12} md={8} xl={4}>
          <Card variant="borderless" className="wo-stats__card" data-figure={f.key}>
            <div className="wo-stats__head">
              <span className="wo-stats__title">{f.title}</span>
              <span className={`wo-stats__icon wo-stats__icon--${f.tone}`}>{f.icon}</span>
            </div>
            <div className="wo-stats__value">{f.value}</div>
            <div className="wo-stats__note" title={f.note}>
              {f.note}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
