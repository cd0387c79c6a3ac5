import { Button, Descriptions, Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Notice } from './api';
import { markRead } from './api';
import { refreshNotices } from './live';
import { handleTarget } from './open-notice';
import { noticeState } from './store';

export const ReminderText = {
  // The spec's literal 'notification message' read as English in a Chinese product (issue 33, item 11).
  title: '消息提醒',
  close: '关闭',
  handle: '去处理',
  subject: '标题',
  urger: '催办人',
  time: '催办时间',
  systemTitle: '系统消息通知',
} as const;

/**
 * The reminder modal (spec 001 section 2): 标题, 催办人, 催办时间 and the HTML content — only the
 * content for a record titled 系统消息通知; the body is 60% of the window's height. 去处理 goes to
 * the work order or the project the reminder is about and marks it read.
 */
export default function ReminderModal(): React.JSX.Element | null {
  const { reminder } = useSnapshot(noticeState);
  const navigate = useNavigate();
  if (!reminder) return null;
  const notice = reminder as Notice;
  const close = () => (noticeState.reminder = null);
  const handle = async () => {
    close();
    navigate(handleTarget(notice));
    await markRead(notice.id).catch(() => undefined);
    await refreshNotices();
  };
  const onlyContent = notice.esTitle === ReminderText.systemTitle;
  return (
    <Modal
      open
      title={ReminderText.title}
      width={800}
      onCancel={close}
      footer={[
        <Button key="close" onClick={close}>
          {ReminderText.close}
        </Button>,
        <Button key="handle" type="primary" onClick={() => void handle()}>
          {ReminderText.handle}
        </Button>,
      ]}
    >
      <div className="reminder-body">
        {!onlyContent && (
          <Descriptions className="reminder-body__meta" column={1} size="small">
            <Descriptions.Item label={ReminderText.subject}>{notice.esTitle}</Descriptions.Item>
            <Descriptions.Item label={ReminderText.urger}>
              {notice.createBy ?? notice.createUserName}
            </Descriptions.Item>
            <Descriptions.Item label={ReminderText.time}>{notice.createTime}</Descriptions.Item>
          </Descriptions>
        )}
        {/* The server sanitises announcement and reminder HTML on the way in and on the way out. */}
        <div className="notice-html" dangerouslySetInnerHTML={{ __html: notice.esContent ?? '' }} />
      </div>
    </Modal>
  );
}
