/**
 * The shipped office supplies process (docs/modules/office.md): the applicant's department manager,
 * then any one of the administration office (role office_admin). Deployed at start unless the same
 * XML is deployed; an admin's later version of the key is not replaced.
 */
export const OFFICE_SUPPLY_KEY = 'officeSupply';
export const OFFICE_ROLE = 'office_admin';

export const OFFICE_SUPPLY_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:zh="http://zhihui.cn/schema/bpmn" id="officeSupplyDefinitions" targetNamespace="http://zhihui.cn/bpmn/office">
  <bpmn:process id="officeSupply" name="办公用品申领" isExecutable="true">
    <bpmn:startEvent id="start" name="提交申领" />
    <bpmn:sequenceFlow id="toManager" sourceRef="start" targetRef="deptManager" />
    <bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />
    <bpmn:sequenceFlow id="toOffice" sourceRef="deptManager" targetRef="office" />
    <bpmn:userTask id="office" name="行政办公室审批" zh:assignee="role:${OFFICE_ROLE}" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="office" targetRef="end" />
    <bpmn:endEvent id="end" name="出库" />
  </bpmn:process>
</bpmn:definitions>
`;
