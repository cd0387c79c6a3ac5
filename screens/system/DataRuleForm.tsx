/** Add or edit one data rule: field, operator and value (a literal or a system variable). */
import { Alert, AutoComplete, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { guardedClose, useRuntime } from '../../runtime/render';

export interface RuleChoices {
  entity: string;
  fields: { name: string; title: string; type: string }[];
  operators: { value: string; text: string }[];
  variables: { value: string; text: string }[];
}

export interface RuleDraft {
  id?: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export interface DataRuleFormProps {
  permissionId: string;
  draft: RuleDraft;
  choices: RuleChoices;
  onDone(saved: boolean): void;
}

interface Values {
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  active: boolean;
}

export function DataRuleForm({ permissionId, draft, choices, onDone }: DataRuleFormProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const { active, ...values } = await form.validateFields();
    const body = { ...values, status: active ? '1' : '0', permissionId };
    setSaving(true);
    const res = draft.id
      ? await http.put<string>('/sys/permission/editPermissionRule', { ...body, id: draft.id })
      : await http.post<string>('/sys/permission/addPermissionRule', body);
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
      title={draft.id ? '编辑数据规则' : '新增数据规则'}
      width={600}
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
          ruleName: draft.ruleName,
          ruleColumn: draft.ruleColumn || undefined,
          ruleConditions: draft.ruleConditions,
          ruleValue: draft.ruleValue,
          active: draft.status !== '0',
        }}
      >
        <Form.Item name="ruleName" label="规则名称" rules={[{ required: true, message: '请输入规则名称' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="ruleColumn" label="规则字段" rules={[{ required: true, message: '请选择规则字段' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={choices.fields.map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` }))}
          />
        </Form.Item>
        <Form.Item
          name="ruleConditions"
          label="条件规则"
          rules={[{ required: true, message: '请选择条件规则' }]}
        >
          <Select options={choices.operators.map((o) => ({ value: o.value, label: o.text }))} />
        </Form.Item>
        <Form.Item
          name="ruleValue"
          label="规则值"
          rules={[{ required: true, message: '请输入规则值' }]}
          extra="填写固定值，或选择系统变量，如 #{sysOrgCode}（当前用户部门编码）"
        >
          <AutoComplete
            maxLength={300}
            options={choices.variables.map((v) => ({ value: v.value, label: `${v.text} ${v.value}` }))}
          />
        </Form.Item>
        <Form.Item name="active" label="状态" valuePropName="checked">
          <Switch checkedChildren="有效" unCheckedChildren="无效" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
