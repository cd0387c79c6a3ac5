import { Button, Card, Descriptions, Divider, Empty, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { refreshNotices } from '../../src/notice/live';
import { viewNotice, type Notice } from '../../src/notice/api';
import { handleTarget, opensItem, readHandOff } from '../../src/notice/open-notice';
import '../../src/notice/notice.css';

export const DetailsText = {
  sender: '发布人',
  time: '发布时间',
  category: '消息类型',
  none: '请从消息通知中选择一条消息',
  /** Opens what the notice is about: the work order, the approval's 我的待办, the project's demands. */
  handle: '去处理',
} as const;

/**
 * /HomePage/noticedetails: the notice named by the local hand-off (noticeid). Opening it reads it on
 * the server, so the bell follows at once. A notice about an item (a work order given, an approval
 * waiting, a demand handed on, a reminder) offers 去处理, which opens it.
 */
export default function NoticeDetails(): React.JSX.Element {
  const [{ noticeId }] = useState(readHandOff);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [error, setError] = useState('');
  const navigate = useNavigate();

  useEffect(() => {
    if (!noticeId) return;
    let cancelled = false;
    viewNotice(noticeId)
      .then((res) => {
        if (cancelled) return;
        if (res.success && res.result) setNotice(res.result);
        else setError(res.message);
        void refreshNotices();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [noticeId]);

  if (!noticeId) return <Empty description={DetailsText.none} />;
  if (error) return <Result status="warning" title={error} />;
  if (!notice) return <Spin />;
  return (
    <Card
      title={notice.esTitle}
      className="notice-details"
      extra={
        opensItem(notice) ? (
          <Button type="primary" onClick={() => void navigate(handleTarget(notice))}>
            {DetailsText.handle}
          </Button>
        ) : null
      }
    >
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={DetailsText.sender}>{notice.createUserName}</Descriptions.Item>
        <Descriptions.Item label={DetailsText.time}>{notice.createTime}</Descriptions.Item>
        <Descriptions.Item label={DetailsText.category}>
          {notice.appTypeName || notice.appType}
        </Descriptions.Item>
      </Descriptions>
      <Divider style={{ margin: '8px 0 16px' }} />
      {/* Sanitised by the server on the way in and on the way out. */}
      <div className="notice-html" dangerouslySetInnerHTML={{ __html: notice.esContent ?? '' }} />
    </Card>
  );
}
