/**
 * The modeler's properties beside the canvas: what the engine honours today (docs/modules/workflow.md,
 * "Models"): a name for every element, the assignee rule of a user task (and its 会签 / 或签 and
 * field rights: TaskOptions; its timer: TimerOptions; 抄送人: CcOptions; 审批意见必填), a service task's registered
 * handler (ServiceOptions), the condition of a flow
 * leaving an exclusive gateway (or 默认连线), and a gateway's default flow.
 */
import { Checkbox, Descriptions, Form, Input, Select, Typography } from 'antd';
import { ServiceOptions } from './ServiceOptions';
import { AssigneeEditor } from './AssigneeEditor';
import { CcOptions } from './CcOptions';
import type { BusinessObject, Moddle, Modeling, Shape } from './bpmn/services';
import { describe, fromLogic, toLogic, type Clause } from './condition';
import { ConditionEditor } from './ConditionEditor';
import { TaskOptions } from './TaskOptions';
import { TimerOptions } from './TimerOptions';

export interface ModelerApi {
  modeling: Modeling;
  moddle: Moddle;
}

const TYPE_TEXT: Readonly<Record<string, string>> = {
  'bpmn:Process': '流程',
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:UserTask': '审批节点（用户任务）',
  'bpmn:ExclusiveGateway': '排他网关',
  'bpmn:ParallelGateway': '并行网关（分支 / 汇聚）',
  'bpmn:ServiceTask': '服务节点（自动处理）',
  'bpmn:SequenceFlow': '连线',
};

const isGateway = (bo: BusinessObject | undefined) => bo?.$type === 'bpmn:ExclusiveGateway';

function flowLabel(flow: BusinessObject): string {
  const target = (flow.get('targetRef') as BusinessObject | undefined)?.name;
  return flow.name || `${flow.id}${target ? ` → ${target}` : ''}`;
}

export function PropertiesPanel({
  element,
  api,
  revision,
}: {
  element: Shape;
  api: ModelerApi;
  /** Bumped on every change of the diagram, so the panel shows the current values. */
  revision: number;
}): React.JSX.Element {
  const bo = element.businessObject;
  const type = bo.$type;
  const update = (props: Record<string, unknown>) => api.modeling.updateProperties(element, props);
  const source = bo.sourceRef;
  const fromGateway = type === 'bpmn:SequenceFlow' && isGateway(source);
  const isDefault = fromGateway && source?.default?.id === bo.id;

  const applyCondition = (clauses: Clause[]) => {
    const logic = toLogic(clauses);
    update({
      conditionExpression: logic
        ? api.moddle.create('bpmn:FormalExpression', { body: JSON.stringify(logic), language: 'json-logic' })
        : undefined,
    });
    if (logic && !bo.name) api.modeling.updateLabel(element, describe(clauses));
  };
  const setDefault = (on: boolean) => {
    const gateway = element.source;
    if (!gateway) return;
    api.modeling.updateProperties(gateway, { default: on ? bo : undefined });
    if (on) update({ conditionExpression: undefined });
  };

  return (
    <div key={`${bo.id}-${revision}`} data-testid="flow-properties">
      <Typography.Title level={5}>属性</Typography.Title>
      <Descriptions size="small" column={1} style={{ marginBottom: 8 }}>
        <Descriptions.Item label="类型">{TYPE_TEXT[type] ?? type.replace('bpmn:', '')}</Descriptions.Item>
        <Descriptions.Item label="标识">{bo.id}</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" size="small">
        <Form.Item label={type === 'bpmn:Process' ? '流程名称' : '名称'}>
          <Input
            aria-label="名称"
            defaultValue={bo.name ?? ''}
            onBlur={(e) => {
              if (e.target.value !== (bo.name ?? '')) update({ name: e.target.value });
            }}
          />
        </Form.Item>
        {type === 'bpmn:UserTask' && (
          <Form.Item label="审批人" required>
            <AssigneeEditor
              value={bo.get('zh:assignee') as string | undefined}
              onChange={(rule) => update({ 'zh:assignee': rule })}
            />
          </Form.Item>
        )}
        {type === 'bpmn:UserTask' && <TaskOptions bo={bo} moddle={api.moddle} update={update} />}
        {type === 'bpmn:UserTask' && <TimerOptions bo={bo} update={update} />}
        {type === 'bpmn:UserTask' && <CcOptions bo={bo} update={update} />}
        {type === 'bpmn:UserTask' && (
          <Form.Item>
            <Checkbox
              checked={bo.get('zh:commentRequired') === 'true'}
              onChange={(e) => update({ 'zh:commentRequired': e.target.checked ? 'true' : undefined })}
            >
              审批意见必填（同意、驳回、退回时须填写意见）
            </Checkbox>
          </Form.Item>
        )}
        {type === 'bpmn:ServiceTask' && <ServiceOptions bo={bo} update={update} />}
        {type === 'bpmn:ParallelGateway' && (
          <Typography.Paragraph type="secondary">
            并行网关：一条入口、多条出口为分支（各分支同时进行），多条入口、一条出口为汇聚（全部分支完成后继续）；连线不能设置条件。
          </Typography.Paragraph>
        )}
        {isGateway(bo) && (
          <Form.Item label="默认连线" extra="其他连线的条件都不满足时走默认连线">
            <Select
              aria-label="默认连线"
              allowClear
              placeholder="不设置"
              value={bo.default?.id}
              options={(bo.outgoing ?? []).map((f) => ({ value: f.id, label: flowLabel(f) }))}
              onChange={(id?: string) => update({ default: (bo.outgoing ?? []).find((f) => f.id === id) })}
            />
          </Form.Item>
        )}
        {fromGateway && (
          <>
            <Form.Item>
              <Checkbox checked={isDefault} onChange={(e) => setDefault(e.target.checked)}>
                设为默认连线
              </Checkbox>
            </Form.Item>
            {!isDefault && (
              <Form.Item label="流转条件" extra="按表单字段判断，多个条件须同时满足">
                <ConditionEditor initial={fromLogic(bo.conditionExpression?.body)} onApply={applyCondition} />
              </Form.Item>
            )}
          </>
        )}
        {type === 'bpmn:SequenceFlow' && !fromGateway && (
          <Typography.Text type="secondary">只有从排他网关出发的连线可以设置条件。</Typography.Text>
        )}
      </Form>
    </div>
  );
}
