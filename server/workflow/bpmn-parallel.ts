/**
 * Validation of parallel gateways (docs/modules/workflow.md, "Slice 5"): a fork (one way in,
 * several out) whose every branch runs through user or service tasks, one after another, into
 * the same join (several in, one out) that no other flow enters; no condition on a parallel
 * gateway's flows. Marks the tasks of each branch with their fork (`branch`): 退回 is refused
 * there (the sibling branch could not be restored).
 */
import type { FlowElement, ProcessModel } from './bpmn-model.js';

const label = (e: FlowElement) => (e.name ? `网关「${e.name}」(${e.id})` : `网关 ${e.id}`);

/** The join a branch reaches (undefined: it does not reach one cleanly), and its tasks. */
function walk(model: ProcessModel, first: string): { join?: string; tasks: string[] } {
  const tasks: string[] = [];
  let id = first;
  for (let steps = 0; steps < 500; steps += 1) {
    const e = model.elements[id];
    if (!e) return { tasks };
    if (e.kind === 'parallelGateway') return { join: id, tasks };
    if (e.kind !== 'userTask' && e.kind !== 'serviceTask') return { tasks };
    const next = model.flows.filter((f) => f.source === id);
    if (next.length !== 1 || tasks.includes(id)) return { tasks };
    tasks.push(id);
    id = next[0]!.target;
  }
  return { tasks };
}

export function checkParallel(model: ProcessModel, conditioned: ReadonlySet<string>, problems: string[]) {
  const gateways = Object.values(model.elements).filter((e) => e.kind === 'parallelGateway');
  const matched = new Set<string>();
  for (const g of gateways) {
    const out = model.flows.filter((f) => f.source === g.id);
    const into = model.flows.filter((f) => f.target === g.id);
    for (const f of out)
      if (conditioned.has(f.id)) problems.push(`${label(g)}：并行网关的出口连线不能设置条件（${f.id}）`);
    if (out.length > 1 && into.length > 1) {
      problems.push(`${label(g)}：并行网关不能同时分支和汇聚，请拆成两个网关`);
      continue;
    }
    if (out.length <= 1) continue;
    const branches = out.map((f) => walk(model, f.target));
    const joins = new Set(branches.map((b) => b.join));
    const join = joins.size === 1 ? branches[0]!.join : undefined;
    const joinIn = join ? model.flows.filter((f) => f.target === join).length : 0;
    const joinOut = join ? model.flows.filter((f) => f.source === join).length : 0;
    if (!join || joinIn !== out.length || joinOut !== 1) {
      problems.push(`${label(g)}：没有对应的汇聚网关（各分支须经过审批或服务节点汇聚到同一个并行网关）`);
      continue;
    }
    matched.add(join);
    for (const b of branches) for (const id of b.tasks) model.elements[id]!.branch = g.id;
  }
  for (const g of gateways) {
    const into = model.flows.filter((f) => f.target === g.id).length;
    const out = model.flows.filter((f) => f.source === g.id).length;
    if (into > 1 && out <= 1 && !matched.has(g.id)) problems.push(`${label(g)}：没有对应的并行分支网关`);
    if (into <= 1 && out <= 1) problems.push(`${label(g)}：并行网关须有多条出口（分支）或多条入口（汇聚）`);
  }
}
