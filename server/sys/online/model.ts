/** The 在线用户 declaration (schemas/system/online-user.json) as the engine's model, and its words. */
import declaration from '../../../schemas/system/online-user.json';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import type { QueryField } from '../../../runtime/model/query/conditions.js';
import { modelOf } from '../menu/admin-kit.js';

export const onlineUserModel: EntityModel = modelOf('schemas/system/online-user.json', declaration);

/** Alias of the online-session rows (a subquery answering the declared fields) in the list statement. */
export const ONLINE_ALIAS = 'o';

export const OnlinePerms = {
  list: onlineUserModel.permissions.list!,
  forceLogout: onlineUserModel.action('forceLogout')!.permission,
} as const;

export const OnlineMessages = {
  forced: '强制退出成功！',
  gone: '该会话已不在线',
  self: '不能强制退出当前登录的会话',
} as const;

/** The declared fields and the session's opaque id; the engine's audit fields do not exist here. */
export function onlineFieldOf(name: string): QueryField | undefined {
  const field = onlineUserModel.field(name);
  if (!field || (field.system && name !== 'id')) return undefined;
  return name === 'id' ? { ...field, sortable: false } : field;
}
