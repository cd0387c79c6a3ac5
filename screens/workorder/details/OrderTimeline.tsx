/**
 * 工单动态: the order's timeline, oldest first (its creation opens it). Each entry: who (realname) and
 * what (work_order_action), the status change, when, the note and its attachments as links.
 */
import { ArrowRightOutlined } from '@ant-design/icons';
import { Empty, Tag, Timeline } from 'antd';
import type { EntityModel } from '../../../runtime/model/declaration/model';
import type { Row } from '../../../runtime/render/data/adapter';
import { DetailValue } from '../../../runtime/render/detail/DetailValue';
import { splitPaths } from '../../../runtime/render/widgets/upload-list';
import { ACTION_COLORS, STATUS_COLORS, text } from './order-rules';

export interface OrderTimelineProps {
  model: EntityModel;
  entries: readonly Row[];
  subs: readonly Row[];
}

function StatusChange({ entry }: { entry: Row }): React.JSX.Element | null {
  const from = text(entry, 'fromStatus');
  const to = text(entry, 'toStatus');
  if (!to || from === to) return null;
  const tag = (value: string, field: string) => (
    <Tag color={STATUS_COLORS[value] ?? 'default'} variant="outlined">
      {text(entry, `${field}_dictText`) || value}
    </Tag>
  );
  return (
    <span className="wo-timeline__change">
      {from && (
        <>
          {tag(from, 'fromStatus')}
          <ArrowRightOutlined className="wo-timeline__arrow" />
        </>
      )}
      {tag(to, 'toStatus')}
    </span>
  );
}

export function OrderTimeline({ model, entries, subs }: OrderTimelineProps): React.JSX.Element {
  const files = model.field('attachments');
  const subTitles = new Map(subs.map((s) => [String(s.id), text(s, 'title')]));
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      className="wo-timeline"
      items={entries.map((entry) => {
        const action = text(entry, 'action');
        // A sub-order's own entry names it in its text; a note about one says which.
        const sub = action === 'subFinish' ? undefined : subTitles.get(text(entry, 'orderSubId'));
        return {
          key: String(entry.id),
          color: ACTION_COLORS[action] ?? 'gray',
          content: (
            <div className="wo-timeline__entry" data-action={action}>
              <div className="wo-timeline__head">
                <span className="wo-timeline__who">
                  {text(entry, 'createBy_dictText') || text(entry, 'createBy')}
                </span>
                <span className="wo-timeline__what">{text(entry, 'action_dictText') || action}</span>
                <StatusChange entry={entry} />
              </div>
              <div className="wo-timeline__time">{text(entry, 'createTime')}</div>
              {sub && <div className="wo-timeline__sub">子工单：{sub}</div>}
              {text(entry, 'content') && <div className="wo-timeline__note">{text(entry, 'content')}</div>}
              {files && splitPaths(entry.attachments).length > 0 && (
                <div className="wo-timeline__files">
                  <DetailValue field={files} row={entry} />
                </div>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
