/** 已有高级查询条件生效: the advanced query in effect, with its clear action (spec's "active" state). */
import { Tag, Tooltip } from 'antd';
import type { SuperQuery } from './super-query';

export default function ActiveQueryTag({
  value,
  onClear,
}: {
  value: SuperQuery;
  onClear(): void;
}): React.JSX.Element {
  return (
    <Tooltip
      title={`${value.entries.length} 个条件（${value.matchType === 'and' ? '全部满足' : '任一满足'}）`}
    >
      <Tag
        color="processing"
        closable
        className="zj-super-query__active"
        closeIcon={<span aria-label="清空高级查询">×</span>}
        onClose={(event) => {
          event.preventDefault();
          onClear();
        }}
        style={{ marginInlineEnd: 0, lineHeight: '30px' }}
      >
        已有高级查询条件生效
      </Tag>
    </Tooltip>
  );
}
