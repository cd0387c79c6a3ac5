/**
 * The shipped vehicle use process (docs/modules/vehicles.md): the applicant's department manager,
 * then any one of the administration office (role office_admin, shared with the office supplies).
 * Deployed at start unless the same XML is deployed; an admin's later version of the key stays.
 */
import { OFFICE_ROLE } from '../office/model.js';

export const VEHICLE_USE_KEY = 'vehicleUse';
export { OFFICE_ROLE };

export const VEHICLE_USE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:zh="http://zhihui.cn/schema/bpmn" id="vehicleUseDefinitions" targetNamespace="http://zhihui.cn/bpmn/vehicle">
  <bpmn:process id="${VEHICLE_USE_KEY}" name="用车申请" isExecutable="true">
    <bpmn:startEvent id="start" name="提交用车申请" />
    <bpmn:sequenceFlow id="toManager" sourceRef="start" targetRef="deptManager" />
    <bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />
    <bpmn:sequenceFlow id="toOffice" sourceRef="deptManager" targetRef="office" />
    <bpmn:userTask id="office" name="行政办公室派车" zh:assignee="role:${OFFICE_ROLE}" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="office" targetRef="end" />
    <bpmn:endEvent id="end" name="已派车" />
  </bpmn:process>
</bpmn:definitions>
`;
