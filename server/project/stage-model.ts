/**
 * The shipped process of a project's stages (docs/modules/projects.md, "Stages"): 立项 → 需求调研 →
 * 方案设计 → 实施 → 验收 → 结项, one user task per stage. 启动 starts it; completing a stage's task
 * (推进阶段) moves the project on. The tasks are assigned to the starter by rule; the project
 * module's binding then offers each open stage to the project's manager and members (stages.ts).
 * Deployed at start unless a version with the same XML exists; an admin may deploy a later version
 * of the key in 流程模型 (new projects start on it).
 */
export const STAGE_PROCESS_KEY = 'projectStage';

/** Node ids and names in order (also the dictionary `project_stage` of node templates). */
export const STAGES: readonly (readonly [id: string, name: string])[] = [
  ['initiation', '立项'],
  ['research', '需求调研'],
  ['design', '方案设计'],
  ['build', '实施'],
  ['acceptance', '验收'],
  ['closing', '结项'],
];

/** The stage text of a project whose flow has ended. */
export const STAGES_DONE = '已结项';

function body(): string {
  const lines: string[] = ['    <bpmn:startEvent id="start" name="项目启动" />'];
  let previous = 'start';
  for (const [id, name] of STAGES) {
    lines.push(`    <bpmn:sequenceFlow id="to_${id}" sourceRef="${previous}" targetRef="${id}" />`);
    lines.push(`    <bpmn:userTask id="${id}" name="${name}" zh:assignee="starter" />`);
    previous = id;
  }
  lines.push(`    <bpmn:sequenceFlow id="to_end" sourceRef="${previous}" targetRef="end" />`);
  lines.push('    <bpmn:endEvent id="end" name="项目结束" />');
  return lines.join('\n');
}

export const STAGE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:zh="http://zhihui.cn/schema/bpmn"
  id="projectStageDefinitions" targetNamespace="http://zhihui.cn/bpmn/projectStage">
  <bpmn:process id="${STAGE_PROCESS_KEY}" name="项目阶段" isExecutable="true">
${body()}
  </bpmn:process>
</bpmn:definitions>
`;
