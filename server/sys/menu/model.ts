/** The 菜单 declaration (schemas/system/permission.json) as the engine's model, and the menu routes' words. */
import declaration from '../../../schemas/system/permission.json';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import { modelOf } from './admin-kit.js';
import { DoneWords } from '../../../runtime/model/feedback-words.js';

export const permissionModel: EntityModel = modelOf('schemas/system/permission.json', declaration);

/** Table alias of sys_permission in the screen's statements (the data scope names it too). */
export const MENU_ALIAS = 'p';

export const MenuMessages = {
  notFound: '未找到菜单信息',
  noParent: '父节点不存在',
  cycle: '不能将节点移动到自身或其下级节点下',
  parentIsButton: '按钮或字段规则不能作为上级菜单',
  badPerms: '授权标识只能包含字母、数字、冒号、下划线、点和短横线，多个用逗号分隔',
  unknownScreen: (component: string) => `前端组件不存在：${component}`,
  added: '添加成功！',
  edited: DoneWords.edited,
  deleted: '删除成功！',
  noPid: '参数错误：缺少pid',
} as const;

export const RuleMessages = {
  notMenu: '该菜单不存在',
  notDeclared: '该菜单未打开已声明的页面，不能设置数据规则',
  notFound: '未找到对应的数据规则',
  noName: '请输入规则名称',
  added: '添加成功！',
  edited: '更新成功！',
  deleted: '删除成功！',
} as const;

export const MenuPerms = {
  list: permissionModel.permissions.list!,
  add: permissionModel.permissions.add!,
  edit: permissionModel.permissions.edit!,
  delete: permissionModel.permissions.delete!,
  dataRule: permissionModel.action('dataRules')!.permission,
} as const;
