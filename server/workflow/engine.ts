/**
 * Runs bpmn-engine from one wait state to the next. Nothing lives between calls: a start executes
 * the deployed XML, every later step recovers the engine from the state our database holds and
 * answers the next state to store (docs/modules/workflow.md, "One transaction per action").
 *
 * Conditions are json-logic only: the engine gets our own script handler, which knows the
 * language `json-logic` and nothing else, so no JavaScript from a model ever runs.
 */
import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { evaluateLogic } from '../../runtime/model/declaration/logic.js';
import type { LogicRule } from '../../runtime/model/declaration/types.js';
import { ApiError } from '../result.js';

export interface Step {
  /** The engine's getState(), as JSON. */
  state: string;
  /** Element ids of the user tasks now waiting. */
  waiting: string[];
  ended: boolean;
}

interface ConditionOwner {
  id: string;
  behaviour?: { conditionExpression?: { body?: string } };
}

interface Scope {
  environment: { variables: { form?: Record<string, unknown> } };
}

/** The engine's `scripts` option: json-logic over the instance's form values. */
const handler = {
  register(): undefined {
    return undefined;
  },
  getScript(language: string, owner: ConditionOwner) {
    if (language !== 'json-logic') return undefined;
    const rule = JSON.parse(owner.behaviour?.conditionExpression?.body ?? 'false') as LogicRule;
    return {
      execute(scope: Scope, callback: (error: Error | null, result?: boolean) => void) {
        try {
          callback(null, evaluateLogic(rule, scope.environment.variables.form ?? {}));
        } catch (error) {
          callback(error as Error);
        }
      },
    };
  },
};

// The engine's types insist on a script for every language; answering none is how it learns a language is unknown.
const scripts = handler as unknown as BpmnEngineOptions['scripts'];

interface Postponed {
  id: string;
  type: string;
}
interface Execution {
  getPostponed(): Postponed[];
  signal(message: { id: string }): void;
}

async function settle(engine: ReturnType<typeof Engine>, execution: Execution, failure: Error[]) {
  await new Promise((resolve) => setImmediate(resolve));
  if (failure.length > 0) throw new ApiError(`流程执行失败：${failure[0]!.message}`);
  const waiting = execution
    .getPostponed()
    .filter((p) => p.type === 'bpmn:UserTask')
    .map((p) => p.id);
  const state = await engine.getState();
  return { state: JSON.stringify(state), waiting, ended: waiting.length === 0 };
}

function watch(engine: ReturnType<typeof Engine>): Error[] {
  const failure: Error[] = [];
  engine.once('error', (error: Error) => failure.push(error));
  return failure;
}

/** Executes a deployed XML until its first wait state. */
export async function startEngine(name: string, xml: string, form: Record<string, unknown>): Promise<Step> {
  const engine = new Engine({ name, source: xml, scripts, variables: { form } });
  const failure = watch(engine);
  const execution = (await engine.execute()) as unknown as Execution;
  return settle(engine, execution, failure);
}

/** Recovers an instance from its stored state, completes one waiting user task, runs to the next wait. */
export async function signalEngine(name: string, state: string, elementId: string): Promise<Step> {
  const engine = new Engine({ name, scripts }).recover(JSON.parse(state));
  const failure = watch(engine);
  const execution = (await engine.resume()) as unknown as Execution;
  if (!execution.getPostponed().some((p) => p.id === elementId))
    throw new ApiError('流程状态已变化，请刷新后重试');
  execution.signal({ id: elementId });
  return settle(engine, execution, failure);
}
