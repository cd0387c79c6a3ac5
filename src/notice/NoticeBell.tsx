import { Badge, Button, Empty, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import type { Notice } from './api';
import { startLiveNotices, stopLiveNotices } from './live';
import { openNoticeDetails } from './open-notice';
import { noticeState, unreadTotal } from './store';
import './notice.css';

// The panel and the reminder modal are their own chunks: most page views open neither.
const NoticePanel = lazy(() => import('./NoticePanel'));
const ReminderModal = lazy(() => import('./ReminderModal'));

export const BellText = { title: '通知', more: '查看更多', empty: '暂无通知', bell: '消息通知' } as const;

function NoticeList({ items, onOpen }: { items: readonly Notice[]; onOpen: (n: Notice) => void }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={BellText.empty} />;
  return (
    <ul className="notice-list">
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" className="notice-list__item" onClick={() => onOpen(item)}>
            <span className="notice-list__title">{item.esTitle}</span>
            <span className="notice-list__time">{item.createTime}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header bell (spec 001 section 2): the unread total as a badge; hovering shows the newest
 * announcements with 查看更多, which opens the notice panel. Mounting it starts the 6 s poll and the
 * socket for the signed-in user; unmounting (sign-out) stops both.
 */
export function NoticeBell(): React.JSX.Element {
  const state = useSnapshot(noticeState);
  const { userInfo, token } = useSnapshot(session);
  const navigate = useNavigate();
  const location = useLocation();
  const userId = userInfo?.id ?? '';

  useEffect(() => {
    if (!userId || !token) return undefined;
    startLiveNotices(userId, token);
    return stopLiveNotices;
  }, [userId, token]);

  const total = unreadTotal(state);
  const content = (
    <div className="notice-popover">
      <div className="notice-popover__head">{BellText.title}</div>
      <NoticeList
        items={state.latest}
        onOpen={(notice) => void openNoticeDetails(notice, '1', navigate, location.pathname)}
      />
      <Button type="link" block onClick={() => (noticeState.panelOpen = true)}>
        {BellText.more}
      </Button>
    </div>
  );
  return (
    <>
      <Popover content={content} trigger="hover" placement="bottomRight" arrow={false}>
        <button
          type="button"
          className="shell-header__bell"
          aria-label={`${BellText.bell}${total ? ` ${total}` : ''}`}
          onClick={() => (noticeState.panelOpen = true)}
        >
          <Badge count={total} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        </button>
      </Popover>
      <Suspense fallback={null}>
        {state.panelOpen && <NoticePanel />}
        {state.reminder && <ReminderModal />}
      </Suspense>
    </>
  );
}
