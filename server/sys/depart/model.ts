/** The 部门 declaration (schemas/system/depart.json) as the engine's model, and the department routes' words. */
import declaration from '../../../schemas/system/depart.json';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import { modelOf } from '../menu/admin-kit.js';
import { DoneWords } from '../../../runtime/model/feedback-words.js';

export const departModel: EntityModel = modelOf('schemas/system/depart.json', declaration);

/** Table alias of sys_depart in the screen's statements (the data scope names it too). */
export const DEPART_ALIAS = 'd';

export const DepartMessages = {
  notFound: '未找到对应部门',
  noParent: '父节点不存在',
  cycle: '不能将节点移动到自身或其下级节点下',
  hasUsers: '该部门下有用户，不能删除',
  hasChildren: '该节点下有子节点，请先删除子节点',
  codesUsedUp: '该层级的机构编码已用完',
  noPid: '参数错误：缺少pid',
  noDepart: '参数错误：缺少departId',
  added: '添加成功！',
  edited: DoneWords.edited,
  deleted: '删除成功！',
  noMatch: '未查询匹配数据！',
} as const;

export const DepartPerms = {
  list: departModel.permissions.list!,
  add: departModel.permissions.add!,
  edit: departModel.permissions.edit!,
  delete: departModel.permissions.delete!,
  permission: departModel.action('departPermission')!.permission,
  roles: departModel.action('departRoles')!.permission,
} as const;
