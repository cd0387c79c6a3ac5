/**
 * 待办 / 已办 on the workbench: the nearest deadlines first (已办: the latest finished), the counts
 * on the tabs, each row opening its details page, 查看全部 opening 待办中心. Reloaded when the
 * server says this user's items changed (a 'todo' socket message) - no reload by hand.
 */
import { Empty, Spin, Tabs } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import type { TodoCounts, TodoItem, TodoPage, TodoTab } from './workbench-api';

export interface TodoPanelProps {
  tab: TodoTab;
  onTab(tab: TodoTab): void;
  page: TodoPage | undefined;
  counts: TodoCounts | undefined;
  loading: boolean;
}

function TodoRow({ item, done }: { item: TodoItem; done: boolean }): React.JSX.Element {
  const navigate = useNavigate();
  const open = () => navigate(item.link);
  return (
    <div
      className={`todo-row${item.overdue ? ' todo-row--overdue' : ''}`}
      onClick={open}
      onKeyDown={(e) => e.key === 'Enter' && open()}
      tabIndex={0}
      role="listitem"
    >
      <div className="todo-row__main">
        {/* Tags drawn by workbench.css: antd's Tag is not worth its weight on the first screen. */}
        <span className={`todo-tag todo-tag--${item.kind}`}>{item.kind_dictText || item.kind}</span>
        <span className="todo-row__title">{item.title}</span>
        {item.overdue && <span className="todo-tag todo-tag--overdue">已逾期</span>}
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
    </div>
  );
}

export function TodoPanel({ tab, onTab, page, counts, loading }: TodoPanelProps): React.JSX.Element {
  const label = (title: string, n: number | undefined) => (n === undefined ? title : `${title}(${n})`);
  return (
    <section className="workbench-panel todo-panel">
      <Tabs
        className="todo-panel__tabs"
        activeKey={tab}
        onChange={(key) => onTab(key as TodoTab)}
        items={[
          { key: '1', label: label('我的待办', counts?.todo) },
          { key: '2', label: label('我的已办', counts?.done) },
        ]}
        tabBarExtraContent={<Link to="/HomePage/todoCenter">查看全部</Link>}
      />
      <div className="workbench-panel__body">
        {/* Plain rows, not antd's List: the workbench is the first screen everyone loads. */}
        <Spin spinning={loading}>
          <div className="todo-list" role="list">
            {(page?.records ?? []).map((item) => (
              <TodoRow key={`${item.kind}:${item.id}`} item={item} done={tab === '2'} />
            ))}
            {!loading && (page?.records.length ?? 0) === 0 && (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={tab === '1' ? '暂无待办事项' : '暂无已办事项'}
              />
            )}
          </div>
        </Spin>
      </div>
    </section>
  );
}
