/**
 * Reads a BPMN 2.0 XML into the small model the workflow needs (element names, assignee rules,
 * flows and their json-logic conditions) and validates it before deploy: one Chinese message per
 * problem, naming the element (docs/modules/workflow.md, "Models").
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { checkLogic } from '../../runtime/model/declaration/logic.js';
import type { LogicRule } from '../../runtime/model/declaration/types.js';

export const BPMN_NS = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
export const ZH_NS = 'http://zhihui.cn/schema/bpmn';

export type ElementKind = 'startEvent' | 'endEvent' | 'userTask' | 'exclusiveGateway';
const KINDS: ReadonlySet<string> = new Set(['startEvent', 'endEvent', 'userTask', 'exclusiveGateway']);
/** Elements this slice refuses (everything else inside a process is not a flow node). */
const REFUSED: ReadonlySet<string> = new Set([
  'parallelGateway',
  'inclusiveGateway',
  'eventBasedGateway',
  'complexGateway',
  'serviceTask',
  'scriptTask',
  'task',
  'sendTask',
  'receiveTask',
  'manualTask',
  'businessRuleTask',
  'subProcess',
  'callActivity',
  'intermediateCatchEvent',
  'intermediateThrowEvent',
  'boundaryEvent',
]);

export interface FlowElement {
  id: string;
  kind: ElementKind;
  name: string;
  assignee?: string;
  defaultFlow?: string;
}

export interface SequenceFlow {
  id: string;
  source: string;
  target: string;
  condition?: LogicRule;
}

export interface ProcessModel {
  key: string;
  name: string;
  elements: Record<string, FlowElement>;
  flows: SequenceFlow[];
}

const ASSIGNEE =
  /^(starter|deptManager|generalManager|user:[A-Za-z0-9_.@-]{1,100}|role:[A-Za-z0-9_-]{1,100})$/;

interface Raw {
  model: ProcessModel;
  processes: number;
  problems: string[];
  conditions: Map<string, { language: string; body: string }>;
}

function label(e: FlowElement): string {
  const what = e.kind === 'exclusiveGateway' ? '网关' : '节点';
  return e.name ? `${what}「${e.name}」(${e.id})` : `${what} ${e.id}`;
}

function read(xml: string): Raw {
  const raw: Raw = {
    model: { key: '', name: '', elements: {}, flows: [] },
    processes: 0,
    problems: [],
    conditions: new Map(),
  };
  const parser = new SaxesParser({ xmlns: true });
  let inProcess = false;
  let flow: SequenceFlow | null = null;
  let condition: { language: string; body: string } | null = null;
  const attr = (tag: SaxesTagNS, name: string, ns = '') => {
    const a = Object.values(tag.attributes).find((x) => x.local === name && x.uri === ns);
    return a?.value ?? '';
  };
  parser.on('opentag', (tag) => {
    if (tag.uri !== BPMN_NS) return;
    if (tag.local === 'process') {
      raw.processes += 1;
      inProcess = true;
      raw.model.key = attr(tag, 'id');
      raw.model.name = attr(tag, 'name');
      return;
    }
    if (!inProcess) return;
    const id = attr(tag, 'id');
    if (KINDS.has(tag.local)) {
      const element: FlowElement = { id, kind: tag.local as ElementKind, name: attr(tag, 'name') };
      if (tag.local === 'userTask') element.assignee = attr(tag, 'assignee', ZH_NS);
      if (tag.local === 'exclusiveGateway' && attr(tag, 'default'))
        element.defaultFlow = attr(tag, 'default');
      raw.model.elements[id] = element;
    } else if (REFUSED.has(tag.local)) {
      raw.problems.push(`元素 ${tag.local}(${id})：当前版本不支持该类型`);
    } else if (tag.local === 'sequenceFlow') {
      flow = { id, source: attr(tag, 'sourceRef'), target: attr(tag, 'targetRef') };
      raw.model.flows.push(flow);
    } else if (tag.local === 'conditionExpression' && flow) {
      condition = { language: attr(tag, 'language'), body: '' };
      raw.conditions.set(flow.id, condition);
    }
  });
  parser.on('text', (text) => {
    if (condition) condition.body += text;
  });
  parser.on('cdata', (text) => {
    if (condition) condition.body += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.uri !== BPMN_NS) return;
    if (tag.local === 'process') inProcess = false;
    if (tag.local === 'sequenceFlow') flow = null;
    if (tag.local === 'conditionExpression') condition = null;
  });
  parser.write(xml).close();
  return raw;
}

function checkConditions(raw: Raw): void {
  for (const f of raw.model.flows) {
    const c = raw.conditions.get(f.id);
    if (!c) continue;
    if (c.language !== 'json-logic') {
      raw.problems.push(`连线 ${f.id}：条件须使用json-logic（language="json-logic"）`);
      continue;
    }
    try {
      const rule = JSON.parse(c.body.trim()) as LogicRule;
      const bad = checkLogic(rule, null).filter(
        (p) => p.includes('not allowed') || p.includes('exactly one'),
      );
      if (bad.length > 0 || typeof rule !== 'object' || rule === null) throw new Error(bad.join('; '));
      f.condition = rule;
    } catch {
      raw.problems.push(`连线 ${f.id}：条件不是有效的json-logic`);
    }
  }
}

function checkElements(raw: Raw): void {
  const { elements, flows } = raw.model;
  const list = Object.values(elements);
  const starts = list.filter((e) => e.kind === 'startEvent');
  if (starts.length !== 1) raw.problems.push('流程须有且只有一个开始事件');
  if (!list.some((e) => e.kind === 'endEvent')) raw.problems.push('流程须有结束事件');
  for (const f of flows) {
    if (!elements[f.source] || !elements[f.target]) raw.problems.push(`连线 ${f.id}：起点或终点不存在`);
  }
  for (const e of list) {
    const out = flows.filter((f) => f.source === e.id);
    if (e.kind === 'userTask' && !e.assignee) raw.problems.push(`${label(e)}：未设置审批人规则`);
    else if (e.kind === 'userTask' && !ASSIGNEE.test(e.assignee ?? ''))
      raw.problems.push(`${label(e)}：审批人规则无效（${e.assignee}）`);
    if (e.kind !== 'endEvent' && out.length === 0) raw.problems.push(`${label(e)}：没有出口连线`);
    if (e.kind === 'exclusiveGateway') {
      const bare = out.filter((f) => !f.condition && !raw.conditions.has(f.id) && f.id !== e.defaultFlow);
      if (bare.length > 0 || (e.defaultFlow && !out.some((f) => f.id === e.defaultFlow)))
        raw.problems.push(`${label(e)}：出口连线须设置条件或默认连线`);
    } else if (e.kind !== 'endEvent' && out.length > 1) {
      raw.problems.push(`${label(e)}：有多条出口连线，请使用排他网关`);
    }
  }
  // Reachability from the start event.
  const seen = new Set<string>();
  const queue = starts.map((s) => s.id);
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const f of flows) if (f.source === id) queue.push(f.target);
  }
  if (starts.length === 1)
    for (const e of list) if (!seen.has(e.id)) raw.problems.push(`${label(e)}：无法到达`);
}

/** The model of a deployable XML, or the problems (Chinese, one per element) that refuse it. */
export function readProcess(xml: string): { model: ProcessModel; problems: string[] } {
  let raw: Raw;
  try {
    raw = read(xml);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      model: { key: '', name: '', elements: {}, flows: [] },
      problems: [`流程文件解析失败：${reason}`],
    };
  }
  if (raw.processes !== 1) return { model: raw.model, problems: ['流程文件须包含且只包含一个流程(process)'] };
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(raw.model.key))
    raw.problems.push('流程标识(process id)须以字母开头，仅含字母、数字、下划线、横线');
  checkConditions(raw);
  checkElements(raw);
  return { model: raw.model, problems: raw.problems };
}
