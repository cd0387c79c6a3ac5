/**
 * Runs bpmn-engine from one wait state to the next. Nothing lives between calls: a start executes
 * the deployed XML, every later step recovers the engine from the state our database holds and
 * answers the next state to store (docs/modules/workflow.md, "One transaction per action").
 *
 * Conditions are json-logic only: the engine gets our own script handler, which knows the
 * language `json-logic` and nothing else, so no JavaScript from a model ever runs. A 会签 / 或签
 * task is a parallel multiInstanceLoopCharacteristics whose loopCardinality asks the service
 * `signers(content.id)`: how many people the node waits for, resolved by us before the run.
 */
import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { evaluateLogic } from '../../runtime/model/declaration/logic.js';
import type { LogicRule } from '../../runtime/model/declaration/types.js';
import { ApiError } from '../result.js';
import { cachedLogger, learn, recoverable, sourceOf } from './engine-source.js';

export interface Step {
  /** The engine's getState(), as JSON. */
  state: string;
  /** Element ids of the user tasks now waiting. */
  waiting: string[];
  /** Service tasks whose handler threw: the engine waits there (service-tasks.ts records them). */
  failed: ServiceFailure[];
  ended: boolean;
}

export interface ServiceFailure {
  elementId: string;
  message: string;
}

/** Runs a service task's registered handler (throws to leave the engine waiting there). */
export type ServiceRunner = (elementId: string) => Promise<void>;

interface PendingCall {
  id: string;
  done: (error: Error | null) => void;
}

interface ServiceActivity {
  id: string;
  type: string;
  behaviour: Record<string, unknown>;
}

/**
 * The engine's `extensions` option: every service task's Service parks its call here; settle()
 * runs our handler for it and then lets the engine go on (or not, when the handler threw).
 */
function serviceExtension(pending: PendingCall[]) {
  const extensions = {
    zh(activity: ServiceActivity) {
      if (activity.type !== 'bpmn:ServiceTask') return;
      activity.behaviour.Service = class {
        constructor(private readonly owner: ServiceActivity) {}
        execute(_message: unknown, callback: (error: Error | null) => void) {
          pending.push({ id: this.owner.id, done: callback });
        }
      };
    },
  };
  return extensions as unknown as BpmnEngineOptions['extensions'];
}

interface ConditionOwner {
  id: string;
  behaviour?: { conditionExpression?: { body?: string } };
}

interface Scope {
  environment: { variables: { form?: Record<string, unknown> } };
}

/**
 * The engine's `scripts` option: json-logic over the form values. `form` (the instance's stored
 * values, which an assignee may have edited since the start) wins over the engine's copy.
 */
function scriptsFor(form?: Record<string, unknown>) {
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
            callback(null, evaluateLogic(rule, form ?? scope.environment.variables.form ?? {}));
          } catch (error) {
            callback(error as Error);
          }
        },
      };
    },
  };
  // The engine's types insist on a script for every language; answering none is how it learns a language is unknown.
  return handler as unknown as BpmnEngineOptions['scripts'];
}

/** How many signers each multi-person node waits for (at least 1: nobody is refused when the rows are made). */
export type SignerCounts = Readonly<Record<string, number>>;
const servicesFor = (counts: SignerCounts) => ({
  signers: (elementId: string) => Math.max(1, counts[elementId] ?? 1),
});

/** Where the engine is: what runs it from the stored state to the next wait. */
export interface Run {
  form?: Record<string, unknown>;
  counts?: SignerCounts;
  service?: ServiceRunner;
}

interface Postponed {
  id: string;
  type: string;
  executionId: string;
  content: { index?: number; isRootScope?: boolean };
  owner: { execution?: { getPostponed(): Postponed[] } };
}
interface Execution {
  getPostponed(): Postponed[];
  signal(message: { id: string; executionId?: string }): void;
}

interface Running {
  engine: ReturnType<typeof Engine>;
  execution: Execution;
  failure: Error[];
  pending: PendingCall[];
}

/** Lets the engine run to its next wait, running the service tasks it reaches on the way. */
async function settle({ engine, execution, failure, pending }: Running, run: Run): Promise<Step> {
  const failed: ServiceFailure[] = [];
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    if (failure.length > 0) throw new ApiError(`流程执行失败：${failure[0]!.message}`);
    const calls = pending.splice(0);
    if (calls.length === 0) break;
    for (const call of calls) {
      try {
        if (!run.service) throw new ApiError('未配置服务处理器');
        await run.service(call.id);
        call.done(null);
      } catch (error) {
        failed.push({ elementId: call.id, message: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  const postponed = execution.getPostponed();
  const waiting = postponed.filter((p) => p.type === 'bpmn:UserTask').map((p) => p.id);
  const state = await engine.getState();
  return { state: JSON.stringify(state), waiting, failed, ended: postponed.length === 0 };
}

function watch(engine: ReturnType<typeof Engine>): Error[] {
  const failure: Error[] = [];
  engine.once('error', (error: Error) => failure.push(error));
  return failure;
}

/** Executes a deployed XML until its first wait state. */
export async function startEngine(
  name: string,
  xml: string,
  form: Record<string, unknown>,
  counts: SignerCounts = {},
  service?: ServiceRunner,
): Promise<Step> {
  const pending: PendingCall[] = [];
  const engine = new Engine({
    name,
    sourceContext: (await sourceOf(xml)) as BpmnEngineOptions['sourceContext'],
    Logger: cachedLogger as BpmnEngineOptions['Logger'],
    scripts: scriptsFor(form),
    services: servicesFor(counts),
    extensions: serviceExtension(pending),
    variables: { form },
  });
  const failure = watch(engine);
  const execution = (await engine.execute()) as unknown as Execution;
  return settle({ engine, execution, failure, pending }, { form, counts, service });
}

async function recover(name: string, state: string, run: Run): Promise<Running> {
  const pending: PendingCall[] = [];
  const stored = recoverable(state);
  const engine = new Engine({
    name,
    sourceContext: stored.source as BpmnEngineOptions['sourceContext'],
    Logger: cachedLogger as BpmnEngineOptions['Logger'],
    scripts: scriptsFor(run.form),
    services: servicesFor(run.counts ?? {}),
    extensions: serviceExtension(pending),
  }).recover(stored.state as Parameters<ReturnType<typeof Engine>['recover']>[0]);
  if (stored.text) await learn(engine, stored.text);
  const failure = watch(engine);
  const execution = (await engine.resume()) as unknown as Execution;
  return { engine, execution, failure, pending };
}

/** Recovers an instance and runs it on without a signal: a service task that failed is tried again. */
export async function resumeEngine(name: string, state: string, run: Run): Promise<Step> {
  return settle(await recover(name, state, run), run);
}

/** The iterations of a multi-person node still waiting (loop index -> execution id). */
function iterations(execution: Execution, elementId: string): Map<number, string> {
  const root = execution.getPostponed().find((p) => p.id === elementId);
  const children = root?.owner.execution?.getPostponed() ?? [];
  return new Map(
    children
      .filter((c) => !c.content.isRootScope && typeof c.content.index === 'number')
      .map((c) => [c.content.index!, c.executionId]),
  );
}

/**
 * Recovers an instance from its stored state, completes one waiting user task (or, on a
 * multi-person node, the iterations `indexes`), runs to the next wait.
 */
export async function signalEngine(
  name: string,
  state: string,
  elementId: string,
  run: Run & { indexes?: readonly number[] | 'all' } = {},
): Promise<Step> {
  const running = await recover(name, state, run);
  const { execution } = running;
  if (!execution.getPostponed().some((p) => p.id === elementId))
    throw new ApiError('流程状态已变化，请刷新后重试');
  if (run.indexes) {
    const waiting = iterations(execution, elementId);
    for (const index of run.indexes === 'all' ? [...waiting.keys()] : run.indexes) {
      const executionId = waiting.get(index);
      if (!executionId) throw new ApiError('流程状态已变化，请刷新后重试');
      execution.signal({ id: elementId, executionId });
    }
  } else execution.signal({ id: elementId });
  return settle(running, run);
}

/** The loop indexes of a multi-person node the engine still waits for (a node entered again after a return). */
export async function pendingIndexes(name: string, state: string, elementId: string): Promise<number[]> {
  const { execution } = await recover(name, state, {});
  return [...iterations(execution, elementId).keys()].sort((a, b) => a - b);
}
