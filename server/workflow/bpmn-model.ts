/**
 * Reads a BPMN 2.0 XML into the small model the workflow needs (element names, assignee rules,
 * flows and their json-logic conditions) and validates it before deploy: one Chinese message per
 * problem, naming the element (docs/modules/workflow.md, "Models").
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { checkLogic, isLogicRefusal } from '../../runtime/model/declaration/logic.js';
import type { LogicRule } from '../../runtime/model/declaration/types.js';
import { checkParallel } from './bpmn-parallel.js';
import { readCcRules } from './cc-rules.js';
import { handlerProblem } from './service-handlers.js';
import { readTimer, type TaskTimer } from './timer-spec.js';

export const BPMN_NS = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
export const ZH_NS = 'http://zhihui.cn/schema/bpmn';

const KIND_LIST = [
  'startEvent',
  'endEvent',
  'userTask',
  'exclusiveGateway',
  'parallelGateway',
  'serviceTask',
] as const;
export type ElementKind = (typeof KIND_LIST)[number];
const KINDS: ReadonlySet<string> = new Set(KIND_LIST);
/** Elements the engine does not honour here (everything else inside a process is not a flow node). */
const REFUSED_TEXT = `inclusiveGateway eventBasedGateway complexGateway scriptTask task sendTask receiveTask
  manualTask businessRuleTask subProcess callActivity intermediateCatchEvent intermediateThrowEvent boundaryEvent`;
const REFUSED: ReadonlySet<string> = new Set(REFUSED_TEXT.split(/\s+/));

export interface FlowElement {
  id: string;
  kind: ElementKind;
  name: string;
  assignee?: string;
  defaultFlow?: string;
  /** 会签 (`all` must approve) or 或签 (`any` one): a parallel multi-instance user task. */
  multi?: 'all' | 'any';
  /** Per-field rights at this node (`zh:fields`): editable, read-only or hidden; unnamed: read-only. */
  fields?: Record<string, FieldRight>;
  /** 超时提醒 / 超时自动通过 / 超时升级 after a duration (timer-spec.ts). */
  timer?: TaskTimer;
  /** 同意 / 驳回 / 退回 need a comment here (`zh:commentRequired="true"`). */
  commentRequired?: boolean;
  /** A service task's registered handler (`zh:handler`) and its argument (`zh:handlerArg`). */
  handler?: string;
  handlerArg?: string;
  /** The fork of the parallel branch this task is on (bpmn-parallel.ts): 退回 is refused there. */
  branch?: string;
  cc?: string[]; // 抄送 on approval (`zh:ccUsers`, cc-rules.ts / cc-model.ts): assignee rules
}

export type FieldRight = 'edit' | 'read' | 'hidden';
/** What a multi-person node's loopCardinality must say: the engine asks our service (engine.ts). */
export const SIGNERS_EXPRESSION = '${environment.services.signers(content.id)}';

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

const USER = '[A-Za-z0-9_.@-]{1,100}';
const ASSIGNEE = new RegExp(
  `^(starter|deptManager|generalManager|user:${USER}|users:${USER}(,${USER}){0,49}|(role|position):[A-Za-z0-9_-]{1,100}|field:[A-Za-z][A-Za-z0-9_]{0,63})$`,
);

interface Raw {
  model: ProcessModel;
  processes: number;
  problems: string[];
  conditions: Map<string, { language: string; body: string }>;
  /** Multi-instance markers per user task: sequential or not, and the loopCardinality text. */
  loops: Map<string, { sequential: boolean; cardinality: string }>;
  fieldSpecs: Map<string, string>;
  timerSpecs: Map<string, { timeout: string; action: string; target: string }>;
  commentSpecs: Map<string, string>;
}

function label(e: FlowElement): string {
  const what = e.kind.endsWith('Gateway') ? '网关' : '节点';
  return e.name ? `${what}「${e.name}」(${e.id})` : `${what} ${e.id}`;
}

function read(xml: string): Raw {
  const raw: Raw = {
    model: { key: '', name: '', elements: {}, flows: [] },
    processes: 0,
    problems: [],
    conditions: new Map(),
    loops: new Map(),
    fieldSpecs: new Map(),
    timerSpecs: new Map(),
    commentSpecs: new Map(),
  };
  const parser = new SaxesParser({ xmlns: true });
  let inProcess = false;
  let flow: SequenceFlow | null = null;
  let condition: { language: string; body: string } | null = null;
  let task: string | null = null;
  let loop: { sequential: boolean; cardinality: string } | null = null;
  let inCardinality = false;
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
      if (tag.local === 'userTask') {
        element.assignee = attr(tag, 'assignee', ZH_NS);
        const multi = attr(tag, 'multi', ZH_NS);
        if (multi) element.multi = multi as 'all' | 'any';
        const fields = attr(tag, 'fields', ZH_NS);
        if (fields) raw.fieldSpecs.set(id, fields);
        const timer = ['timeout', 'timeoutAction', 'escalateTo'].map((n) => attr(tag, n, ZH_NS));
        raw.timerSpecs.set(id, { timeout: timer[0]!, action: timer[1]!, target: timer[2]! });
        raw.commentSpecs.set(id, attr(tag, 'commentRequired', ZH_NS));
        element.cc = readCcRules(attr(tag, 'ccUsers', ZH_NS), label(element), raw.problems);
        task = id;
      }
      if (tag.local === 'serviceTask') {
        element.handler = attr(tag, 'handler', ZH_NS);
        element.handlerArg = attr(tag, 'handlerArg', ZH_NS);
      }
      if (tag.local === 'exclusiveGateway' && attr(tag, 'default'))
        element.defaultFlow = attr(tag, 'default');
      raw.model.elements[id] = element;
    } else if (REFUSED.has(tag.local)) {
      raw.problems.push(`元素 ${tag.local}(${id})：当前版本不支持该类型`);
    } else if (tag.local === 'sequenceFlow') {
      flow = { id, source: attr(tag, 'sourceRef'), target: attr(tag, 'targetRef') };
      raw.model.flows.push(flow);
    } else if (tag.local === 'multiInstanceLoopCharacteristics' && task) {
      loop = { sequential: attr(tag, 'isSequential') === 'true', cardinality: '' };
      raw.loops.set(task, loop);
    } else if (tag.local === 'loopCardinality' && loop) {
      inCardinality = true;
    } else if (tag.local === 'conditionExpression' && flow) {
      condition = { language: attr(tag, 'language'), body: '' };
      raw.conditions.set(flow.id, condition);
    }
  });
  parser.on('text', (text) => {
    if (condition) condition.body += text;
    if (inCardinality && loop) loop.cardinality += text;
  });
  parser.on('cdata', (text) => {
    if (condition) condition.body += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.uri !== BPMN_NS) return;
    if (tag.local === 'process') inProcess = false;
    if (tag.local === 'sequenceFlow') flow = null;
    if (tag.local === 'conditionExpression') condition = null;
    if (tag.local === 'userTask') task = null;
    if (tag.local === 'multiInstanceLoopCharacteristics') loop = null;
    if (tag.local === 'loopCardinality') inCardinality = false;
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
      // Outside the allow-list, or beyond the rule budget's bounds (nesting, size).
      const bad = checkLogic(rule, null).filter(isLogicRefusal);
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
    const handler = e.kind === 'serviceTask' && handlerProblem(e.handler ?? '', e.handlerArg ?? '');
    if (handler) raw.problems.push(`${label(e)}：${handler}`);
    if (e.kind === 'userTask' && !e.assignee) raw.problems.push(`${label(e)}：未设置审批人规则`);
    else if (e.kind === 'userTask' && !ASSIGNEE.test(e.assignee ?? ''))
      raw.problems.push(`${label(e)}：审批人规则无效（${e.assignee}）`);
    if (e.kind !== 'endEvent' && out.length === 0) raw.problems.push(`${label(e)}：没有出口连线`);
    if (e.kind === 'exclusiveGateway') {
      const bare = out.filter((f) => !f.condition && !raw.conditions.has(f.id) && f.id !== e.defaultFlow);
      if (bare.length > 0 || (e.defaultFlow && !out.some((f) => f.id === e.defaultFlow)))
        raw.problems.push(`${label(e)}：出口连线须设置条件或默认连线`);
    } else if (e.kind !== 'endEvent' && e.kind !== 'parallelGateway' && out.length > 1) {
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

const RIGHTS: ReadonlySet<string> = new Set(['edit', 'read', 'hidden']);

/** 会签 / 或签 markers and per-field rights of the user tasks. */
function checkTasks(raw: Raw): void {
  for (const e of Object.values(raw.model.elements)) {
    if (e.kind !== 'userTask') continue;
    const loop = raw.loops.get(e.id);
    if (e.multi && e.multi !== 'all' && e.multi !== 'any')
      raw.problems.push(`${label(e)}：多人审批方式无效（${e.multi}），应为会签或或签`);
    else if (e.multi && !loop) raw.problems.push(`${label(e)}：会签/或签节点须为多实例任务`);
    else if (loop && !e.multi) raw.problems.push(`${label(e)}：多实例任务须选择会签或或签`);
    else if (loop?.sequential) raw.problems.push(`${label(e)}：会签/或签须为并行多实例`);
    else if (loop && loop.cardinality.trim() !== SIGNERS_EXPRESSION)
      raw.problems.push(`${label(e)}：多实例人数须由审批人规则决定（${SIGNERS_EXPRESSION}）`);
    const spec = raw.fieldSpecs.get(e.id);
    if (spec) e.fields = readRights(raw, e, spec);
    const timer = readTimer(raw.timerSpecs.get(e.id) ?? { timeout: '', action: '', target: '' });
    if (timer.problem) raw.problems.push(`${label(e)}：${timer.problem}`);
    if (timer.timer) e.timer = timer.timer;
    const comment = raw.commentSpecs.get(e.id) ?? '';
    if (comment === 'true') e.commentRequired = true;
    else if (comment && comment !== 'false')
      raw.problems.push(`${label(e)}：审批意见必填设置无效（${comment}）`);
  }
}

/** `zh:fields="days:read,reason:edit,attachment:hidden"`. */
function readRights(raw: Raw, e: FlowElement, spec: string): Record<string, FieldRight> {
  const rights: Record<string, FieldRight> = {};
  for (const part of spec.split(',').filter(Boolean)) {
    const [name = '', right = ''] = part.split(':');
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name) || !RIGHTS.has(right))
      raw.problems.push(`${label(e)}：字段权限无效（${part}）`);
    else rights[name] = right as FieldRight;
  }
  return rights;
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
  checkParallel(raw.model, new Set(raw.conditions.keys()), raw.problems);
  checkTasks(raw);
  return { model: raw.model, problems: raw.problems };
}
