import { Button, Checkbox, Empty, Modal, Spin, Tabs, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { feedback } from '../feedback';
import { fetchReadLists, readAll, type Notice, type ReadLists } from './api';
import { categoryFilter, NOTICE_CATEGORIES } from './categories';
import { refreshNotices } from './live';
import { MY_MESSAGE_PATH, openNoticeDetails } from './open-notice';
import { noticeState } from './store';

export const PanelText = {
  title: '消息通知',
  unread: '未读',
  read: '已读',
  readAll: '全部标注已读',
  readAllDone: '设置成功',
  empty: '暂无数据',
  mine: '我的消息',
} as const;

/**
 * The notice panel (spec 001 section 2): tabs unread (1) and read (2), a category filter, and
 * mark-all-read. Clicking a notice opens its details after 500 ms.
 */
export default function NoticePanel(): React.JSX.Element {
  const navigate = useNavigate();
  const location = useLocation();
  const { version } = useSnapshot(noticeState);
  const [tab, setTab] = useState<'1' | '2'>('1');
  const [selected, setSelected] = useState<string[]>(NOTICE_CATEGORIES.map((c) => c.value));
  const [lists, setLists] = useState<ReadLists | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (categories: readonly string[]) => {
    setLoading(true);
    try {
      const res = await fetchReadLists(categoryFilter(categories));
      if (res.success && res.result) setLists(res.result);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(selected);
    // `version` changes on a push or read-all: the open panel follows.
  }, [load, selected, version]);

  const markAll = async () => {
    const res = await readAll();
    if (res.code === 0 || res.success) {
      feedback().message.success(PanelText.readAllDone);
      await refreshNotices();
      await load(selected);
    } else {
      feedback().message.warning(res.message);
    }
  };

  const close = () => (noticeState.panelOpen = false);
  // Esc closes the panel whatever has the focus or floats above it: antd hands Esc to the topmost
  // layer only, and the bell's hover card or a tooltip in the panel (全部标注已读) would take it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.isComposing) noticeState.panelOpen = false;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const open = (notice: Notice) => void openNoticeDetails(notice, tab, navigate, location.pathname);
  const list = (items: readonly Notice[] | undefined, read: boolean) =>
    items && items.length > 0 ? (
      <ul className="notice-list">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={`notice-list__item${read ? ' notice-list__item--read' : ''}`}
              onClick={() => open(item)}
            >
              <span className="notice-list__title">
                {item.appTypeName ? `【${item.appTypeName}】` : ''}
                {item.esTitle}
              </span>
              <span className="notice-list__time">
                {item.createUserName ? `${item.createUserName} · ` : ''}
                {item.createTime}
              </span>
            </button>
          </li>
        ))}
      </ul>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PanelText.empty} />
    );

  return (
    <Modal
      open
      title={PanelText.title}
      // Wide enough for the six categories on one line beside 全部标注已读.
      width={720}
      onCancel={close}
      footer={
        <Button
          type="link"
          onClick={() => {
            close();
            navigate(MY_MESSAGE_PATH);
          }}
        >
          {PanelText.mine}
        </Button>
      }
    >
      <div className="notice-panel__toolbar">
        <Checkbox.Group
          options={NOTICE_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
          value={selected}
          onChange={(values) => setSelected(values.map(String))}
        />
        <Tooltip title={PanelText.readAll} placement="left">
          <Button icon={<CheckOutlined />} aria-label={PanelText.readAll} onClick={() => void markAll()} />
        </Tooltip>
      </div>
      <Spin spinning={loading}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key === '2' ? '2' : '1')}
          items={[
            {
              key: '1',
              label: `${PanelText.unread}(${lists?.unReadList.length ?? 0})`,
              children: list(lists?.unReadList, false),
            },
            {
              key: '2',
              label: `${PanelText.read}(${lists?.readList.length ?? 0})`,
              children: list(lists?.readList, true),
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}
