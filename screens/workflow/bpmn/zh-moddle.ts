/**
 * Our BPMN attributes (namespace http://zhihui.cn/schema/bpmn, prefix zh) as a moddle extension,
 * so bpmn-js reads and writes `zh:assignee`, `zh:multi`, `zh:fields`, `zh:commentRequired`, `zh:ccUsers` and the timer
 * attributes on user tasks, and `zh:handler` / `zh:handlerArg` on service tasks, as typed properties.
 */
export const zhModdle = {
  name: 'Zhihui',
  uri: 'http://zhihui.cn/schema/bpmn',
  prefix: 'zh',
  xml: { tagAlias: 'lowerCase' },
  types: [
    {
      name: 'AssigneeTask',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        // 会签 (all) / 或签 (any), and the per-field rights "name:edit,name:read,name:hidden".
        { name: 'multi', isAttr: true, type: 'String' },
        { name: 'fields', isAttr: true, type: 'String' },
        // The task's timer (timer-options.ts): duration, what happens, and for escalate to whom.
        { name: 'timeout', isAttr: true, type: 'String' },
        { name: 'timeoutAction', isAttr: true, type: 'String' },
        { name: 'escalateTo', isAttr: true, type: 'String' },
        // 审批意见必填: "true" or absent.
        { name: 'commentRequired', isAttr: true, type: 'String' },
        // 抄送人 on approval: "user:a,role:x,starter" (cc-options.ts).
        { name: 'ccUsers', isAttr: true, type: 'String' },
      ],
    },
    {
      // A service task's registered handler (GET /workflow/definition/handlers) and its argument.
      name: 'HandlerTask',
      extends: ['bpmn:ServiceTask'],
      properties: [
        { name: 'handler', isAttr: true, type: 'String' },
        { name: 'handlerArg', isAttr: true, type: 'String' },
      ],
    },
  ],
};
