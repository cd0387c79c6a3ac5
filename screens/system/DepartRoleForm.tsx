/** Add or edit a department role: name, code (unique within the department) and description. */
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { guardedClose, useRuntime } from '../../runtime/render';

export interface DepartRole {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export interface DepartRoleFormProps {
  departId: string;
  /** null: a new role. */
  role: DepartRole | null;
  onDone(saved: boolean): void;
}

interface Values {
  roleName: string;
  roleCode: string;
  description?: string;
}

export function DepartRoleForm({ departId, role, onDone }: DepartRoleFormProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const res = role
      ? await http.put<string>('/sys/sysDepartRole/edit', { ...values, id: role.id })
      : await http.post<string>('/sys/sysDepartRole/add', { ...values, departId });
    setSaving(false);
    if (!res.success) {
      setProblem(res.message);
      return;
    }
    feedback.message('success', res.message);
    onDone(true);
  };

  return (
    <Modal
      open
      title={role ? '编辑部门角色' : '新增部门角色'}
      width={560}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={(event) => guardedClose(feedback, form.isFieldsTouched(), () => onDone(false), event)}
      destroyOnHidden
    >
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          roleName: role?.roleName ?? '',
          roleCode: role?.roleCode ?? '',
          description: role?.description ?? '',
        }}
      >
        <Form.Item
          name="roleName"
          label="部门角色名称"
          rules={[{ required: true, message: '请输入部门角色名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="roleCode"
          label="部门角色编码"
          rules={[
            { required: true, message: '请输入部门角色编码' },
            {
              pattern: /^[A-Za-z][A-Za-z0-9_]*$/,
              message: '部门角色编码以字母开头，只能包含字母、数字和下划线',
            },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input.TextArea maxLength={255} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
