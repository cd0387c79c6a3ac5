import { Button, Modal, Result } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { WECHAT_QR_URL } from '../config';
import { session } from '../session/store';
import './dialogs.css';

function BindingCode({ userId }: { userId: string }): React.JSX.Element {
  if (!WECHAT_QR_URL) {
    // No QR service configured: say so plainly rather than showing a broken image.
    return (
      <Result
        icon={<WechatOutlined className="wechat-dialog__icon wechat-dialog__icon--off" />}
        title="未配置微信集成"
        subTitle="管理员尚未配置微信扫码绑定服务，暂时无法绑定微信，请联系系统管理员。"
      />
    );
  }
  return (
    <div className="wechat-dialog__qr">
      <img src={`${WECHAT_QR_URL}?userId=${encodeURIComponent(userId)}`} alt="微信绑定二维码" />
      <p>请使用微信扫一扫，扫描二维码完成绑定</p>
    </div>
  );
}

/** 微信绑定: a bound account (it has an openId) sees a success state with 修改绑定; others see the QR code. */
export default function WechatDialog({ onClose }: { onClose: () => void }): React.JSX.Element {
  const { userInfo } = useSnapshot(session);
  const bound = Boolean(userInfo?.openId);
  const [rebinding, setRebinding] = useState(false);
  return (
    <Modal open title="微信绑定" width={480} onCancel={onClose} footer={null}>
      {bound && !rebinding ? (
        <Result
          status="success"
          title="已绑定微信"
          subTitle="当前账号已绑定微信，可通过微信接收待办与通知提醒。"
          extra={<Button onClick={() => setRebinding(true)}>修改绑定</Button>}
        />
      ) : (
        <BindingCode userId={userInfo?.id ?? ''} />
      )}
    </Modal>
  );
}
