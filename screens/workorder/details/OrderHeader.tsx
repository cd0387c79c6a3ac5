/**
 * The order at a glance: 返回, title, status and overdue tags, the actions this user may take, and
 * the facts (number, type, urgency, people, dates, project) as the list's dictionary texts.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Tag } from 'antd';
import dayjs from 'dayjs';
import type { EntityModel } from '../../../runtime/model/declaration/model';
import type { Row } from '../../../runtime/render/data/adapter';
import { DetailsText } from './api';
import { OrderActions } from './OrderActions';
import { isOverdue, PRIORITY_COLORS, STATUS_COLORS, text, type Viewer } from './order-rules';

export interface OrderHeaderProps {
  model: EntityModel;
  order: Row;
  viewer: Viewer;
  onBack(): void;
  onChanged(): void;
}

/** A field's dictionary text when the answer has one, else its value; '-' when empty. */
function shown(row: Row, field: string): string {
  return text(row, `${field}_dictText`) || text(row, field) || DetailsText.empty;
}

function titleOf(model: EntityModel, field: string): string {
  return model.field(field)?.title ?? field;
}

export function OrderHeader({
  model,
  order,
  viewer,
  onBack,
  onChanged,
}: OrderHeaderProps): React.JSX.Element {
  const status = text(order, 'status');
  const priority = text(order, 'priority');
  const overdue = isOverdue(order, dayjs().format('YYYY-MM-DD'));
  const deadline = text(order, 'deadline').slice(0, 10);
  const facts: [string, React.ReactNode][] = [
    ['orderNo', shown(order, 'orderNo')],
    ['orderType', shown(order, 'orderType')],
    [
      'priority',
      priority ? <Tag color={PRIORITY_COLORS[priority] ?? 'default'}>{shown(order, 'priority')}</Tag> : '-',
    ],
    ['charge', shown(order, 'charge')],
    ['launcher', shown(order, 'launcher')],
    ['participants', shown(order, 'participants').replace(/,/g, '、')],
    [
      'deadline',
      <span key="deadline" className="wo-details__deadline">
        {deadline || DetailsText.empty}
        {overdue && (
          <Tag color="red" className="wo-details__overdue">
            {DetailsText.overdue}
          </Tag>
        )}
      </span>,
    ],
    ['finishTime', shown(order, 'finishTime')],
    ['projectId', shown(order, 'projectId')],
  ];
  return (
    <Card variant="borderless" className="wo-details__header">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="wo-details__back">
        {DetailsText.back}
      </Button>
      <div className="wo-details__title-row">
        <div className="wo-details__title">
          <h2>{text(order, 'title')}</h2>
          <Tag color={STATUS_COLORS[status] ?? 'default'} className="wo-details__status">
            {shown(order, 'status')}
          </Tag>
        </div>
        <OrderActions model={model} order={order} viewer={viewer} onChanged={onChanged} />
      </div>
      <Descriptions
        className="wo-details__facts"
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={facts.map(([field, value]) => ({ key: field, label: titleOf(model, field), children: value }))}
      />
    </Card>
  );
}
