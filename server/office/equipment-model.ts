/**
 * The shipped equipment borrow process (docs/modules/office.md, "Equipment"): the borrower's
 * department manager, then any one of the administration office (role office_admin). Deployed at
 * start unless the same XML is deployed; an admin's later version of the key is not replaced.
 */
import { OFFICE_ROLE } from './model.js';

export const EQUIPMENT_BORROW_KEY = 'equipmentBorrow';

/** office_equipment_status. */
export const EQUIPMENT_STATUS = { inStock: '1', lent: '2', repair: '3', scrapped: '4' } as const;

/** What each status means to someone who wants the equipment (the refusals' wording). */
export const EQUIPMENT_STATUS_TEXT: Readonly<Record<string, string>> = {
  '1': '在库',
  '2': '已借出',
  '3': '正在维修',
  '4': '已报废',
};

export const EQUIPMENT_BORROW_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:zh="http://zhihui.cn/schema/bpmn" id="equipmentBorrowDefinitions" targetNamespace="http://zhihui.cn/bpmn/office">
  <bpmn:process id="${EQUIPMENT_BORROW_KEY}" name="设备借用" isExecutable="true">
    <bpmn:startEvent id="start" name="提交借用申请" />
    <bpmn:sequenceFlow id="toManager" sourceRef="start" targetRef="deptManager" />
    <bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />
    <bpmn:sequenceFlow id="toOffice" sourceRef="deptManager" targetRef="office" />
    <bpmn:userTask id="office" name="行政办公室审批" zh:assignee="role:${OFFICE_ROLE}" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="office" targetRef="end" />
    <bpmn:endEvent id="end" name="借出" />
  </bpmn:process>
</bpmn:definitions>
`;
