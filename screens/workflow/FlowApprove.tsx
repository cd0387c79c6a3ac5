/**
 * 办理 (a panel of 我的待办): the request's form as this node may see it — fields the node marks
 * 可编辑 as inputs, the rest read-only, hidden ones never sent by the server — with the 审批意见
 * and 同意. The server checks the same rights (server/workflow/fields.ts): this dialog only
 * offers what it will accept. Labels come from the declared form the process is bound to.
 */
import { Alert, Button, Descriptions, Input, InputNumber, Space, Spin, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { useDictTexts } from '../../runtime/render/data/dict-texts';
import { loadEntityModel } from '../../runtime/render/declarations';

interface TaskForm {
  form: Record<string, unknown>;
  fields: { name: string; right: 'edit' | 'read' }[];
  name: string;
  entity: string | null;
}

const NO_FIELDS: readonly FieldModel[] = [];

/** The declared fields an approver reads: not the approval's own status, node and instance. */
function formFields(model: EntityModel | null): readonly FieldModel[] {
  if (!model) return NO_FIELDS;
  const approval = model.declaration.approval;
  const own = new Set([approval?.statusField, approval?.currentNodeField, approval?.instanceField]);
  return model.declared.filter((f) => !own.has(f.name));
}

const shown = (form: Record<string, unknown>, name: string) => {
  const value = form[`${name}_dictText`] ?? form[name];
  return value === null || value === undefined || value === '' ? '—' : String(value);
};

export default function FlowApprove({ row, close, refresh }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const id = String(row?.id ?? '');
  const [data, setData] = useState<TaskForm | null>(null);
  const [model, setModel] = useState<EntityModel | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [comment, setComment] = useState('同意');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void http.get<TaskForm>('/workflow/task/form', { id }).then(async (res) => {
      if (!res.success) return setProblem(res.message);
      setData(res.result);
      setValues(res.result.form);
      if (!res.result.entity) return;
      setModel(await loadEntityModel(res.result.entity).catch(() => null));
    });
  }, [http, id]);

  const declared = useMemo(() => formFields(model), [model]);
  const rows = useMemo(() => (data ? [data.form] : []), [data]);
  const texts = useDictTexts(declared, rows)[0] ?? {};

  const approve = async () => {
    setBusy(true);
    const res = await http.put('/workflow/task/approve', { id, comment, form: values });
    setBusy(false);
    if (!res.success) return setProblem(res.message);
    feedback.message('success', res.message);
    await refresh();
    close();
  };

  if (!data) return problem ? <Alert type="warning" showIcon title={problem} /> : <Spin />;
  const byName = new Map(declared.map((f) => [f.name, f]));
  const fields = data.fields.filter((f) => byName.has(f.name));
  const input = (name: string) =>
    byName.get(name)?.type === 'number' || byName.get(name)?.type === 'int' ? (
      <InputNumber
        aria-label={byName.get(name)?.title}
        value={values[name] as number | undefined}
        onChange={(v) => setValues({ ...values, [name]: v })}
      />
    ) : (
      <Input
        aria-label={byName.get(name)?.title}
        value={String(values[name] ?? '')}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
    );
  return (
    <div data-testid="flow-approve">
      <Descriptions size="small" column={1} bordered title={`审批节点：${data.name}`}>
        {fields.map((f) => (
          <Descriptions.Item
            key={f.name}
            label={
              <Space size={4}>
                {byName.get(f.name)?.title ?? f.name}
                {f.right === 'edit' && <Tag color="blue">可编辑</Tag>}
              </Space>
            }
          >
            {f.right === 'edit' ? input(f.name) : shown(texts, f.name)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Input.TextArea
        aria-label="审批意见"
        style={{ marginTop: 12 }}
        rows={3}
        maxLength={1000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {problem && <Alert style={{ marginTop: 8 }} type="error" showIcon title={problem} />}
      <Space style={{ marginTop: 12, display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={close}>取消</Button>
        <Button type="primary" loading={busy} onClick={() => void approve()}>
          同意
        </Button>
      </Space>
    </div>
  );
}
