/**
 * 登录日志 and 操作日志: two declarations (schemas/system/login-log.json, operation-log.json) over
 * one table and one /sys/log/list, told apart by logType. Their models decide which parameters a
 * list takes, which columns it answers and how it is sorted, so screen and API say the same thing.
 */
import loginLogDeclaration from '../../../schemas/system/login-log.json';
import operationLogDeclaration from '../../../schemas/system/operation-log.json';
import type { EntityModel, FieldModel } from '../../../runtime/model/declaration/model.js';
import type { QueryField } from '../../../runtime/model/query/conditions.js';
import { modelOf } from '../menu/admin-kit.js';
import { LogType } from './operation-log.js';

export const loginLogModel: EntityModel = modelOf('schemas/system/login-log.json', loginLogDeclaration);
export const operationLogModel: EntityModel = modelOf(
  'schemas/system/operation-log.json',
  operationLogDeclaration,
);

/** Table alias of sys_log in the list statements. */
export const LOG_ALIAS = 'l';

export const LogPerms = {
  list: loginLogModel.permissions.list!,
  delete: loginLogModel.permissions.delete!,
} as const;

export const LogMessages = {
  noType: '请指定日志类型：logType为1（登录日志）或2（操作日志）',
  notFound: '未找到对应数据',
} as const;

/** The model of a logType parameter, or null when it names neither log. */
export function modelOfType(logType: string): EntityModel | null {
  if (logType === String(LogType.signIn)) return loginLogModel;
  if (logType === String(LogType.operation)) return operationLogModel;
  return null;
}

/** The list can be sorted by when and by how long, nothing else (the contract's column / order). */
const SORTABLE: ReadonlySet<string> = new Set(['createTime', 'costTime']);
/** sys_log has none of the engine's audit columns but its id and create_time. */
const SYSTEM_COLUMNS: ReadonlySet<string> = new Set(['id', 'createTime']);

/** The fields of sys_log a list may filter and sort on. */
export function logFieldOf(model: EntityModel): (name: string) => QueryField | undefined {
  return (name) => {
    const field = model.field(name);
    if (!field || (field.system && !SYSTEM_COLUMNS.has(name))) return undefined;
    return { ...field, sortable: SORTABLE.has(name) && field.sortable };
  };
}

/** The fields a log row is answered with: the declared ones, its id and its time. */
export function answeredFields(model: EntityModel): FieldModel[] {
  return model.fields.filter((f) => f.readable && (!f.system || SYSTEM_COLUMNS.has(f.name)));
}
