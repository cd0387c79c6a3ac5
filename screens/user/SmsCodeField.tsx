import { Button, Form, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { SMS_COUNTDOWN_SECONDS } from '../../src/config';
import { sendSms, type SmsMode } from '../../src/session/api';
import { smsCodeRules } from './rules';
import { useCountdown } from './useCountdown';
import { feedback } from '../../src/feedback';

export interface SmsCodeFieldProps {
  name: string;
  mode: SmsMode;
  /** Validates and returns the mobile number; rejects when the field is invalid. */
  getMobile: () => Promise<string>;
  size?: 'large' | 'middle';
}

/** SMS code input with a 获取验证码 button that locks for 60 s after a code was sent. */
export function SmsCodeField({
  name,
  mode,
  getMobile,
  size = 'large',
}: SmsCodeFieldProps): React.JSX.Element {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    let mobile: string;
    try {
      mobile = await getMobile();
    } catch {
      return; // the mobile field shows its own message
    }
    setSending(true);
    try {
      const res = await sendSms(mobile, mode);
      if (res.success) {
        start(SMS_COUNTDOWN_SECONDS);
        void feedback().message.success('验证码已发送，请注意查收');
      } else {
        void feedback().message.error(res.message || '验证码发送失败');
      }
    } catch {
      // The HTTP error catalogue already told the user.
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="user-form__sms">
      <Form.Item name={name} rules={smsCodeRules}>
        <Input
          size={size}
          prefix={<MailOutlined />}
          placeholder="请输入验证码"
          maxLength={6}
          autoComplete="one-time-code"
        />
      </Form.Item>
      <Button
        size={size}
        className="user-form__sms-button"
        disabled={remaining > 0}
        loading={sending}
        onClick={send}
      >
        {remaining > 0 ? `${remaining} 秒后重发` : '获取验证码'}
      </Button>
    </div>
  );
}
