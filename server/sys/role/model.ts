/** The 角色 declaration (schemas/system/role.json) as the engine's model, and the role routes' words. */
import declaration from '../../../schemas/system/role.json';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import { modelOf } from '../menu/admin-kit.js';

export const roleModel: EntityModel = modelOf('schemas/system/role.json', declaration);

/** Table alias of sys_role in the list statements (the data scope names it too). */
export const ROLE_ALIAS = 'r';

export const RoleMessages = {
  codeTaken: '角色编码已存在',
  inUse: '该角色已分配给用户，不能删除',
  notFound: '未找到对应角色！',
  lastAdmin: '不能移除最后一个管理员的管理员角色',
  noRole: '参数错误：缺少roleId',
  grantFirst: '请先保存角色菜单权限!',
  noRules: '未找到权限配置信息',
  unknownUser: '用户不存在',
  usersAdded: '添加成功！',
  userRemoved: '删除成功！',
} as const;

/** The role every permission row is granted to at start; it keeps at least one holder. */
export const ADMIN_ROLE_CODE = 'admin';

/** Button codes of the role screen beyond its CRUD (the declaration's actions). */
export const RolePerms = {
  authorize: roleModel.action('authorize')!.permission,
  users: roleModel.action('users')!.permission,
} as const;
