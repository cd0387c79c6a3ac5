import { Form, Input, type FormInstance } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { mobileRules } from './rules';
import { SmsCodeField } from './SmsCodeField';

export interface PhoneValues {
  mobile: string;
  captcha: string;
}

interface Props {
  form: FormInstance<PhoneValues>;
  onFinish: (values: PhoneValues) => void;
}

/** 手机号登录: mobile number and the SMS code (sms mode '0'). */
export function LoginPhoneForm({ form, onFinish }: Props): React.JSX.Element {
  const getMobile = async (): Promise<string> => {
    const values = await form.validateFields(['mobile']);
    return values.mobile;
  };
  return (
    <Form form={form} name="login-phone" size="large" onFinish={onFinish}>
      <Form.Item name="mobile" rules={mobileRules} validateTrigger="onBlur">
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <SmsCodeField name="captcha" mode="0" getMobile={getMobile} />
      <button type="submit" className="user-form__implicit-submit" tabIndex={-1} aria-hidden="true" />
    </Form>
  );
}
