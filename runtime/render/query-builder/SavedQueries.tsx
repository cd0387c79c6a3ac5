/** The builder's right-hand panel: this route's saved queries; a click loads one, the icon deletes it. */
import { DeleteOutlined, FileSearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Tooltip } from 'antd';
import type { SavedQuery } from './saved-queries';

export interface SavedQueriesProps {
  list: readonly SavedQuery[];
  current: string | null;
  onPick(query: SavedQuery): void;
  onRemove(title: string): void;
}

export function SavedQueries({ list, current, onPick, onRemove }: SavedQueriesProps): React.JSX.Element {
  return (
    <Card size="small" title="保存的查询" className="zj-super-query__saved" styles={{ body: { padding: 0 } }}>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
      ) : (
        <ul
          role="list"
          style={{ listStyle: 'none', margin: 0, padding: '4px 0', maxHeight: 320, overflow: 'auto' }}
        >
          {list.map((q) => (
            <li
              key={q.title}
              className="zj-super-query__saved-item"
              style={{
                display: 'flex',
                alignItems: 'center',
                padding: '4px 8px 4px 12px',
                background: q.title === current ? 'rgba(22, 119, 255, 0.08)' : undefined,
              }}
            >
              <FileSearchOutlined style={{ color: '#1677ff', marginRight: 8 }} />
              <Tooltip title={q.title}>
                <Button
                  type="link"
                  size="small"
                  style={{
                    flex: 1,
                    justifyContent: 'flex-start',
                    padding: 0,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                  onClick={() => onPick(q)}
                >
                  {q.title}
                </Button>
              </Tooltip>
              <Popconfirm
                title="是否删除当前查询?"
                okText="确定"
                cancelText="取消"
                onConfirm={() => onRemove(q.title)}
              >
                <Button
                  type="text"
                  size="small"
                  aria-label={`删除查询 ${q.title}`}
                  icon={<DeleteOutlined />}
                />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
