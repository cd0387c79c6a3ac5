/**
 * The workbench's figures: the user's own (to do, overdue, finished this week, launched and still
 * open) and, for managers, their department's. Each figure that has a list links to it.
 */
import { Col, Row } from 'antd';
import { Link } from 'react-router-dom';
import type { WorkbenchSummary } from './workbench-api';

interface Figure {
  title: string;
  value: number | undefined;
  tone?: 'danger' | 'success';
  to?: string;
}

function FigureCard({ title, value, tone, to }: Figure): React.JSX.Element {
  const number = (
    <span className={`workbench-figure__value${tone ? ` workbench-figure__value--${tone}` : ''}`}>
      {value ?? '-'}
    </span>
  );
  return (
    <div className="workbench-panel workbench-figure">
      <div className="workbench-figure__title">{title}</div>
      {to ? <Link to={to}>{number}</Link> : number}
    </div>
  );
}

export function WorkbenchFigures({ summary }: { summary: WorkbenchSummary | undefined }): React.JSX.Element {
  const mine = summary?.mine;
  const depart = summary?.depart;
  const figures: Figure[] = [
    { title: '我的待办', value: mine?.todo, to: '/HomePage/todoCenter' },
    { title: '已逾期', value: mine?.overdue, tone: 'danger', to: '/HomePage/todoCenter' },
    { title: '本周完成', value: mine?.finishedWeek, tone: 'success' },
    { title: '我发起的进行中', value: mine?.launchedOpen, to: '/workOrder/myLaunch' },
  ];
  if (depart)
    figures.push(
      { title: `${depart.departName ?? '本部门'}进行中`, value: depart.open, to: '/workOrder/list' },
      { title: '部门逾期', value: depart.overdue, tone: 'danger' },
    );
  return (
    <Row gutter={[16, 16]} className="workbench-figures">
      {figures.map((f) => (
        <Col key={f.title} xs={12} sm={8} lg={24 / figures.length >= 4 ? 6 : 4}>
          <FigureCard {...f} />
        </Col>
      ))}
    </Row>
  );
}
