/**
 * Our BPMN attributes (namespace http://zhihui.cn/schema/bpmn, prefix zh) as a moddle extension,
 * so bpmn-js reads and writes `zh:assignee` on user tasks as a typed property.
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
      properties: [{ name: 'assignee', isAttr: true, type: 'String' }],
    },
  ],
};
