import { Alert } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { fetchVersionReminder } from '../shell/api';

/** The release reminder at the top of the working area, shown while the server's reminder is active. */
export function VersionBanner(): React.JSX.Element | null {
  const [content, setContent] = useState('');
  useEffect(() => {
    let active = true;
    fetchVersionReminder()
      .then((res) => {
        if (active && res.success && String(res.result?.status) === '1') setContent(res.result.content);
      })
      // The error catalogue already told the user; a missing banner is not worth a second message.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (!content) return null;
  return (
    <Alert
      className="shell-banner"
      role="status"
      type="info"
      banner
      showIcon
      icon={<NotificationOutlined />}
      title={content}
      closable={{ 'aria-label': '关闭提醒' }}
    />
  );
}
