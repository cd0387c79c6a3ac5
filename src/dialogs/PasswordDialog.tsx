import { Button, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  checkConfirmPassword,
  checkNewPassword,
  checkOldPassword,
} from '../../runtime/model/validation/password';
import { PASSWORD_DIALOG_WIDTH } from '../config';
import { guardedClose } from '../../runtime/render/form/close-guard';
import { appFeedbackPort, feedback } from '../feedback';
import { createClickGate, throttleClick } from '../http/throttle';
import { session, updateUserInfo } from '../session/store';
import { updatePassword } from '../shell/api';
import { passwordDialogState } from '../shell/password-expiry';
import './dialogs.css';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

const asRule = (message: string | null) => (message ? Promise.reject(new Error(message)) : Promise.resolve());

// The same rules (and messages) the server applies to PUT /sys/user/updatePassword.
const OLD_RULES: Rule[] = [{ validator: (_, value: string) => asRule(checkOldPassword(value)) }];
const NEW_RULES: Rule[] = [
  ({ getFieldValue }) => ({
    validator: (_, value: string) => asRule(checkNewPassword(value, getFieldValue('oldpassword'))),
  }),
];
const CONFIRM_RULES: Rule[] = [
  ({ getFieldValue }) => ({
    validator: (_, value: string) => asRule(checkConfirmPassword(value, getFieldValue('password'))),
  }),
];

interface Props {
  /** Days left before the password expires (null when unknown). */
  expire: number | null;
  onClose: () => void;
}

/**
 * 修改密码 / 修改初始密码 (800px). An expired or never-changed password makes it a forced dialog:
 * no close button, no cancel, neither Esc nor the mask close it, until the change succeeded.
 */
export default function PasswordDialog({ expire, onClose }: Props): React.JSX.Element {
  const { username, userInfo } = useSnapshot(session);
  const state = passwordDialogState(expire, userInfo?.modifyTime);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const gate = useMemo(() => createClickGate(), []);

  // The dialog comes up right after sign-in, while the 欢迎 notification (top right, above modals)
  // still shows over its corner: notifications give way to it. Loading their module here costs
  // nothing, the sign-in already did.
  useEffect(() => {
    void import('../feedback-antd').then(({ notification }) => notification.destroy());
  }, []);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const res = await updatePassword({ username, ...values });
      if (!res.success) {
        feedback().message.warning(res.message);
        return;
      }
      feedback().message.success(res.message);
      updateUserInfo({ modifyTime: res.result?.modifyTime ?? new Date().toISOString() });
      onClose();
    } catch {
      // HTTP failures were shown by the error catalogue; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };
  const submit = throttleClick(() => void save(), gate);
  const close = (event?: unknown) => guardedClose(appFeedbackPort, form.isFieldsTouched(), onClose, event);

  const footer = [
    !state.forced && (
      <Button key="cancel" onClick={() => close()}>
        取消
      </Button>
    ),
    <Button key="ok" type="primary" loading={saving} onClick={submit}>
      确定
    </Button>,
  ];

  return (
    <Modal
      open
      title={state.title}
      width={PASSWORD_DIALOG_WIDTH}
      closable={!state.forced}
      keyboard={!state.forced}
      mask={{ closable: !state.forced }}
      onCancel={close}
      footer={footer}
      className="password-dialog"
    >
      {state.warning && (
        <div className="password-dialog__warning" role="alert">
          {state.warning}
        </div>
      )}
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 14 }} onFinish={submit}>
        <Form.Item name="oldpassword" label="旧密码" required rules={OLD_RULES}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label="新密码" required rules={NEW_RULES}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label="确认新密码"
          required
          dependencies={['password']}
          rules={CONFIRM_RULES}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
