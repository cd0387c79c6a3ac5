import { Form, Modal, Select } from 'antd';
import type { Tenant } from '../../src/session/types';

interface Props {
  tenants: Tenant[];
  onSelect: (tenantId: Tenant['id']) => void;
}

/** Shown after sign-in when the account belongs to several tenants; a choice is required. */
export default function TenantSelect({ tenants, onSelect }: Props): React.JSX.Element {
  const [form] = Form.useForm<{ tenantId: Tenant['id'] }>();
  const confirm = async () => {
    const { tenantId } = await form.validateFields();
    onSelect(tenantId);
  };
  return (
    <Modal
      open
      title="选择登录租户"
      okText="确认"
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={confirm}
      width={420}
      destroyOnHidden
    >
      <p className="tenant-select__hint">您的账号属于多个租户，请选择本次登录使用的租户。</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={confirm}>
        <Form.Item name="tenantId" label="租户" rules={[{ required: true, message: '请选择登录租户' }]}>
          <Select
            placeholder="请选择登录租户"
            options={tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
