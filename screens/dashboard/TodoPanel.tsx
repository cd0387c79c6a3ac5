/**
 * 待办 / 已办 on the workbench: the nearest deadlines first (已办: the latest finished), the counts
 * on the tabs, each row opening its details page, 查看全部 opening 待办中心. Reloaded when the
 * server says this user's items changed (a 'todo' socket message) - no reload by hand.
 */
import { Card, Empty, List, Tag } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { TodoCounts, TodoItem, TodoPage, TodoTab } from './workbench-api';

export interface TodoPanelProps {
  tab: TodoTab;
  onTab(tab: TodoTab): void;
  page: TodoPage | undefined;
  counts: TodoCounts | undefined;
  loading: boolean;
}

const KIND_COLOR: Record<string, string> = { workOrder: 'blue', workOrderSub: 'cyan' };

function TodoRow({ item, done }: { item: TodoItem; done: boolean }): React.JSX.Element {
  const navigate = useNavigate();
  const open = () => navigate(item.link);
  return (
    <List.Item
      className={`todo-row${item.overdue ? ' todo-row--overdue' : ''}`}
      onClick={open}
      onKeyDown={(e) => e.key === 'Enter' && open()}
      tabIndex={0}
      role="link"
    >
      <div className="todo-row__main">
        <Tag color={KIND_COLOR[item.kind] ?? 'default'}>{item.kind_dictText || item.kind}</Tag>
        <span className="todo-row__title">{item.title}</span>
        {item.overdue && <Tag color="error">已逾期</Tag>}
      </div>
      <div className="todo-row__meta">
        {item.itemNo && <span>{item.itemNo}</span>}
        <span>{item.statusText}</span>
        {done ? (
          <span>完成于 {item.doneTime?.slice(0, 16)}</span>
        ) : (
          item.deadline && <span className="todo-row__deadline">截止 {item.deadline}</span>
        )}
      </div>
    </List.Item>
  );
}

export function TodoPanel({ tab, onTab, page, counts, loading }: TodoPanelProps): React.JSX.Element {
  const label = (title: string, n: number | undefined) => (n === undefined ? title : `${title}(${n})`);
  return (
    <Card
      variant="borderless"
      className="todo-panel"
      activeTabKey={tab}
      onTabChange={(key) => onTab(key as TodoTab)}
      tabList={[
        { key: '1', label: label('我的待办', counts?.todo) },
        { key: '2', label: label('我的已办', counts?.done) },
      ]}
      tabProps={{ size: 'middle' }}
      tabBarExtraContent={<Link to="/HomePage/todoCenter">查看全部</Link>}
    >
      <List
        loading={loading}
        dataSource={page?.records ?? []}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={tab === '1' ? '暂无待办事项' : '暂无已办事项'}
            />
          ),
        }}
        renderItem={(item) => <TodoRow item={item} done={tab === '2'} />}
      />
    </Card>
  );
}
