/**
 * bpmn-js in Chinese: its `translate` service replaced by one that looks the English template up
 * here (palette, context pad, replace menu, search) and fills `{placeholders}`.
 */
const ZH: Readonly<Record<string, string>> = {
  'Activate hand tool': '抓手工具（拖动画布）',
  'Activate lasso tool': '套索工具（框选）',
  'Activate create/remove space tool': '插入/移除空白',
  'Activate global connect tool': '连线工具',
  'Create start event': '开始事件',
  'Create end event': '结束事件',
  'Create task': '任务',
  'Create gateway': '网关',
  'Create intermediate/boundary event': '中间/边界事件',
  'Create expanded sub-process': '子流程',
  'Create pool/participant': '泳池/参与者',
  'Create data object reference': '数据对象',
  'Create data store reference': '数据存储',
  'Create group': '分组',
  'Append task': '追加任务',
  'Append end event': '追加结束事件',
  'Append gateway': '追加网关',
  'Append intermediate/boundary event': '追加中间/边界事件',
  'Add text annotation': '添加注释',
  'Change element': '更改类型',
  'Change type': '更改类型',
  Delete: '删除',
  'Connect to other element': '连线到其他节点',
  'Connect using association': '关联连线',
  'Connect using data input association': '数据输入关联',
  'Search in diagram': '在图中搜索',
  'Start event': '开始事件',
  'End event': '结束事件',
  'Terminate end event': '终止结束事件',
  Task: '任务',
  'User task': '用户任务（审批）',
  'Service task': '服务任务',
  'Script task': '脚本任务',
  'Send task': '发送任务',
  'Receive task': '接收任务',
  'Manual task': '手工任务',
  'Business rule task': '业务规则任务',
  'Call activity': '调用活动',
  'Exclusive gateway': '排他网关',
  'Parallel gateway': '并行网关',
  'Inclusive gateway': '包容网关',
  'Complex gateway': '复杂网关',
  'Event-based gateway': '事件网关',
  'Sequence flow': '普通连线',
  'Default flow': '默认连线',
  'Conditional flow': '条件连线',
  'Sub-process': '子流程',
  'Sub-process (collapsed)': '子流程（折叠）',
  'Sub-process (expanded)': '子流程（展开）',
  'Intermediate throw event': '中间抛出事件',
  'Timer start event': '定时开始事件',
  'Timer intermediate catch event': '定时中间事件',
  'Timer boundary event': '定时边界事件',
  'Message start event': '消息开始事件',
  'Add lane above': '在上方添加泳道',
  'Add lane below': '在下方添加泳道',
  'Divide into two lanes': '分成两个泳道',
  'Divide into three lanes': '分成三个泳道',
};

export function translate(template: string, replacements?: Record<string, string>): string {
  const text = ZH[template] ?? template;
  return text.replace(/{([^}]+)}/g, (_, key: string) => replacements?.[key] ?? `{${key}}`);
}

/** The module bpmn-js takes in `additionalModules`. */
export const translateModule = { translate: ['value', translate] };
