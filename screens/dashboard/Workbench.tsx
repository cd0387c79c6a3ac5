import { Avatar, Col, Row } from 'antd';
import { ApartmentOutlined, CalendarOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { noticeState } from '../../src/notice/store';
import { greetingForHour } from '../../src/session/greeting';
import { session } from '../../src/session/store';
import { NoAccessPanel } from './NoAccessPanel';
import { TodoPanel } from './TodoPanel';
import { VisitsCard } from './VisitsCard';
import { fetchSummary, fetchTodo, type TodoPage, type TodoTab, type WorkbenchSummary } from './workbench-api';
import { onlyWorkbench } from './workbench-access';
import { WorkbenchFigures } from './WorkbenchFigures';
import './workbench.css';

/**
 * The summary and the open tab's items, loaded again when the tab changes or the server says this
 * user's to-do items changed (noticeState.todoVersion, bumped by a 'todo' socket message).
 */
function useWorkbenchData(tab: TodoTab) {
  const { todoVersion } = useSnapshot(noticeState);
  const [summary, setSummary] = useState<WorkbenchSummary>();
  const [page, setPage] = useState<TodoPage>();
  const [loading, setLoading] = useState(true);
  const tabChanged = useRef(tab);
  useEffect(() => {
    let live = true;
    setLoading(true);
    if (tabChanged.current !== tab) {
      tabChanged.current = tab;
      setPage(undefined);
    }
    // A failed call leaves the last figures: the shell's HTTP layer has already said what went wrong.
    void Promise.allSettled([fetchSummary(), fetchTodo(tab)]).then(([s, p]) => {
      if (!live) return;
      if (s.status === 'fulfilled') setSummary(s.value);
      if (p.status === 'fulfilled') setPage(p.value);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [tab, todoVersion]);
  return { summary, page, loading };
}

/**
 * 工作台 (/HomePage/index): welcome, the user's figures, and 待办 / 已办 kept live. Its panels are
 * plain elements styled like antd's borderless Card: Card (and the Skeleton it imports) would add
 * ~6.5 KiB to the first screen everyone loads.
 */
export default function Workbench(): React.JSX.Element {
  const { userInfo, menu } = useSnapshot(session);
  const [tab, setTab] = useState<TodoTab>('1');
  const { summary, page, loading } = useWorkbenchData(tab);
  // Nothing granted beyond this page: say so instead of figures at 0 and empty lists. Items someone
  // gave the user anyway (a work order, an approval) still show below.
  const noAccess = useMemo(() => onlyWorkbench(menu), [menu]);
  const hasItems = summary !== undefined && summary.mine.todo + summary.mine.done > 0;
  const now = dayjs();
  const realname = userInfo?.realname || userInfo?.username || '';
  const depart = userInfo?.orgCodeTxt || '未设置部门';
  const todo = (
    <TodoPanel
      tab={tab}
      onTab={setTab}
      page={page}
      counts={
        summary
          ? { todo: summary.mine.todo, done: summary.mine.done, overdue: summary.mine.overdue }
          : undefined
      }
      // A live reload keeps the rows in place; only a first load or a tab switch shows the spinner.
      loading={loading && page === undefined}
    />
  );
  return (
    <div className="workbench">
      <section className="workbench-panel workbench__welcome">
        <div className="workbench__welcome-body">
          <Avatar
            size={64}
            src={userInfo?.avatar || undefined}
            icon={<UserOutlined />}
            className="workbench__avatar"
          />
          <div className="workbench__welcome-text">
            {/* Plain elements: antd's Typography would add 8 KiB to the first screen for two lines. */}
            <h3 className="workbench__greeting">
              {greetingForHour(now.hour())}，{realname}，欢迎使用智慧接待平台
            </h3>
            <div className="workbench__facts">
              <span>
                <ApartmentOutlined /> 当前部门：{depart}
              </span>
              <span>
                <CalendarOutlined /> {now.format('YYYY年M月D日 dddd')}
              </span>
            </div>
          </div>
        </div>
      </section>
      {noAccess ? (
        <>
          <NoAccessPanel />
          {hasItems && todo}
        </>
      ) : (
        <>
          <WorkbenchFigures summary={summary} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              {todo}
            </Col>
            <Col xs={24} xl={8}>
              <VisitsCard />
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
