import { Button, Modal, Result, Spin, Tooltip } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { WechatText, wechatIntegration } from '../shell/wechat';
import { useBindingCode } from './useBindingCode';
import './dialogs.css';

function NotConfigured({ message }: { message: string }): React.JSX.Element {
  return (
    <Result
      icon={<WechatOutlined className="wechat-dialog__icon wechat-dialog__icon--off" />}
      title={WechatText.notConfiguredTitle}
      subTitle={message}
    />
  );
}

/** The binding link of the signed-in user as a QR code, renewed on demand once it expired. */
function BindingCode(): React.JSX.Element {
  const code = useBindingCode();
  if (code.kind === 'refused') return <NotConfigured message={code.message} />;
  if (code.kind === 'loading') {
    return (
      <div className="wechat-dialog__qr">
        <Spin />
      </div>
    );
  }
  return (
    <div className="wechat-dialog__qr">
      <div className="wechat-dialog__code">
        <img src={code.image} alt="微信绑定二维码" />
        {code.expired && (
          <div className="wechat-dialog__expired">
            <span>{WechatText.expired}</span>
            <Button type="primary" size="small" onClick={code.renew}>
              {WechatText.refresh}
            </Button>
          </div>
        )}
      </div>
      <p>{WechatText.scan}</p>
    </div>
  );
}

/** 微信绑定: a bound account (it has an openId) sees a success state with 修改绑定; others see the QR code. */
export default function WechatDialog({ onClose }: { onClose: () => void }): React.JSX.Element {
  const { userInfo } = useSnapshot(session);
  const { configured } = useSnapshot(wechatIntegration);
  const [rebinding, setRebinding] = useState(false);
  // The scan of a new WeChat changes the openId: back to the success state.
  const [boundTo, setBoundTo] = useState(userInfo?.openId ?? null);
  if (rebinding && userInfo?.openId && userInfo.openId !== boundTo) {
    setRebinding(false);
    setBoundTo(userInfo.openId);
  }
  const bound = Boolean(userInfo?.openId);
  const rebindButton = (
    <Button onClick={() => setRebinding(true)} disabled={configured === false}>
      {WechatText.rebind}
    </Button>
  );
  return (
    <Modal open title="微信绑定" width={480} onCancel={onClose} footer={null}>
      {bound && !rebinding ? (
        <Result
          status="success"
          title={WechatText.boundTitle}
          subTitle={WechatText.boundDetail}
          extra={
            configured === false ? (
              <Tooltip title={WechatText.unconfiguredHint}>
                <span>{rebindButton}</span>
              </Tooltip>
            ) : (
              rebindButton
            )
          }
        />
      ) : (
        <BindingCode />
      )}
    </Modal>
  );
}
