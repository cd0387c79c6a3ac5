/**
 * 工单内容: the rich text, cleaned by DOMPurify as every detail shows it (the server cleaned it on the
 * way in and out too), and the attachments as download links — the engine's own detail values.
 */
import { Card, Empty } from 'antd';
import type { EntityModel } from '../../../runtime/model/declaration/model';
import type { Row } from '../../../runtime/render/data/adapter';
import { DetailValue } from '../../../runtime/render/detail/DetailValue';
import { isBlankHtml } from '../../../runtime/render/widgets/sanitize';
import { splitPaths } from '../../../runtime/render/widgets/upload-list';
import { DetailsText } from './api';
import { text } from './order-rules';

export function OrderContent({ model, order }: { model: EntityModel; order: Row }): React.JSX.Element {
  const content = model.field('content');
  const attachments = model.field('attachments');
  const hasContent = !isBlankHtml(text(order, 'content'));
  const files = splitPaths(order.attachments);
  return (
    <Card variant="borderless" title={DetailsText.content} className="wo-details__content">
      {hasContent && content ? (
        <DetailValue field={content} row={order} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DetailsText.noContent} />
      )}
      {files.length > 0 && attachments && (
        <div className="wo-details__files">
          <span className="wo-details__files-label">{DetailsText.attachments}：</span>
          <DetailValue field={attachments} row={order} />
        </div>
      )}
    </Card>
  );
}
