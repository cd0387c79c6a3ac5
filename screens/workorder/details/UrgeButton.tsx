/**
 * 催办: a reminder to the order's person in charge (POST /sys/notice/urge, appType workOrder), who
 * sees it in the reminder modal with 去处理 leading back here. The server names that person by
 * user id (GET /sys/workOrder/urgeTarget) and refuses an order that is no longer open.
 */
import { BellOutlined } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useRuntime } from '../../../runtime/render';
import type { Row } from '../../../runtime/render/data/adapter';
import { DetailsText, DetailsUrls } from './api';
import { paragraphs, text, urgeText } from './order-rules';

interface UrgeTarget {
  userId: string;
  realname: string;
}

export function UrgeButton({ order }: { order: Row }): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      const target = await http.get<UrgeTarget>(DetailsUrls.urgeTarget, { id: String(order.id) });
      if (!target.success) {
        feedback.message('warning', target.message);
        return;
      }
      const answer = await http.post(DetailsUrls.urge, {
        userIds: target.result.userId,
        title: `工单催办：${text(order, 'title')}`,
        content: paragraphs(content.trim() || urgeText(order)),
        appType: 'workOrder',
        appId: String(order.id),
      });
      feedback.message(answer.success ? 'success' : 'warning', answer.message);
      if (answer.success) setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<BellOutlined />}
        className="wo-details__urge"
        onClick={() => {
          setContent(urgeText(order));
          setOpen(true);
        }}
      >
        {DetailsText.urge}
      </Button>
      <Modal
        open={open}
        title={DetailsText.urgeTitle}
        okText={DetailsText.ok}
        cancelText={DetailsText.cancel}
        confirmLoading={busy}
        onOk={() => void send()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        className="wo-details__confirm"
      >
        <p className="wo-details__confirm-text">
          {DetailsText.urgeTo}：{text(order, 'charge_dictText') || text(order, 'charge')}
        </p>
        <label className="wo-details__label" htmlFor="wo-urge-content">
          {DetailsText.urgeContent}
        </label>
        <Input.TextArea
          id="wo-urge-content"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={500}
          showCount
        />
      </Modal>
    </>
  );
}
