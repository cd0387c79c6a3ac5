/**
 * The shipped leave process (docs/modules/workflow.md, "Leave"): the starter's department manager
 * approves; more than 3 days also needs the general manager. Deployed as a new version at start
 * whenever its XML differs from the newest deployed one.
 */
export const LEAVE_PROCESS_KEY = 'leave';

export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:zh="http://zhihui.cn/schema/bpmn"
  id="leaveDefinitions" targetNamespace="http://zhihui.cn/bpmn/leave">
  <bpmn:process id="leave" name="请假审批" isExecutable="true">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:sequenceFlow id="toManager" sourceRef="start" targetRef="deptManager" />
    <bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />
    <bpmn:sequenceFlow id="toDays" sourceRef="deptManager" targetRef="days" />
    <bpmn:exclusiveGateway id="days" name="是否超过3天" default="toEnd" />
    <bpmn:sequenceFlow id="toGeneral" name="超过3天" sourceRef="days" targetRef="generalManager">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="json-logic">{"&gt;": [{"var": "days"}, 3]}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="toEnd" sourceRef="days" targetRef="end" />
    <bpmn:userTask id="generalManager" name="总经理审批" zh:assignee="generalManager" />
    <bpmn:sequenceFlow id="generalToEnd" sourceRef="generalManager" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>
`;
