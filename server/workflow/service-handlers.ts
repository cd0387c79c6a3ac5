/**
 * The registered handlers of service tasks (docs/modules/workflow.md, "Slice 5"): a model names one
 * with `zh:handler="<name>"` (and, where the handler takes one, `zh:handlerArg`); any other name is
 * refused at deploy. Nothing from a model runs but these functions. A handler runs inside the
 * action's transaction (under a savepoint, service-tasks.ts) and answers the notices to store.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { FlowElement } from './bpmn-model.js';
import type { InstanceRow } from './service.js';

export interface HandlerNotice {
  username: string;
  title: string;
  content: string;
  instanceId: string;
}

export interface HandlerContext {
  trx: Db;
  instance: InstanceRow;
  element: FlowElement;
  arg: string;
}

export interface ServiceHandler {
  name: string;
  /** The modeler's text. */
  label: string;
  /** What the argument is (the modeler's field label), when the handler takes one. */
  argLabel?: string;
  /** A problem with the argument (Chinese), checked at deploy. */
  checkArg(arg: string): string | undefined;
  /** The history line of a success. */
  run(ctx: HandlerContext): Promise<{ notices: HandlerNotice[]; note: string }>;
}

const nodeName = (e: FlowElement) => e.name || e.id;

/** Active members of a role in the instance's tenant (as assignee.ts reads them). */
async function roleMembers(trx: Db, role: string, tenantId: number): Promise<string[]> {
  const tenant = tenantId === 0 ? sql`true` : sql`(',' || u.rel_tenant_ids || ',') like ${`%,${tenantId},%`}`;
  const { rows } = await sql<{ username: string }>`select distinct u.username from sys_user u
    join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
    where r.role_code = ${role} and u.del_flag = 0 and u.status = 1 and ${tenant}
    order by u.username`.execute(trx);
  return rows.map((r) => r.username);
}

const HANDLERS: readonly ServiceHandler[] = [
  {
    name: 'notifyStarter',
    label: '通知发起人',
    argLabel: '通知内容（可不填）',
    checkArg: (arg) => (arg.length > 200 ? '通知内容不能超过200个字' : undefined),
    async run({ instance, element, arg }) {
      const content = arg || `您发起的「${instance.title}」已到达「${nodeName(element)}」。`;
      const notice = { username: instance.starter, instanceId: instance.id, content };
      return { notices: [{ ...notice, title: `审批进度：${instance.title}` }], note: '已通知发起人' };
    },
  },
  {
    name: 'notifyRole',
    label: '通知角色成员',
    argLabel: '角色编码',
    checkArg: (arg) =>
      /^[A-Za-z0-9_-]{1,100}$/.test(arg) ? undefined : `通知角色成员须填写角色编码（${arg || '空'}）`,
    async run({ trx, instance, element, arg }) {
      const people = await roleMembers(trx, arg, instance.tenantId);
      if (people.length === 0) throw new ApiError(`角色 ${arg} 没有可通知的成员`);
      const content = `「${instance.title}」已到达「${nodeName(element)}」，请知悉。`;
      const notices = people.map((username) => ({
        username,
        instanceId: instance.id,
        title: `流程通知：${instance.title}`,
        content,
      }));
      return { notices, note: `已通知角色 ${arg} 的${people.length}人` };
    },
  },
];

const BY_NAME: ReadonlyMap<string, ServiceHandler> = new Map(HANDLERS.map((h) => [h.name, h]));

export const serviceHandler = (name: string): ServiceHandler | undefined => BY_NAME.get(name);

/** The modeler's choices (GET /workflow/definition/handlers). */
export const handlerChoices = () =>
  HANDLERS.map((h) => ({ name: h.name, label: h.label, argLabel: h.argLabel ?? null }));

/** A deploy problem of a service task's handler and argument, without the element's label. */
export function handlerProblem(handler: string, arg: string): string | undefined {
  if (!handler) return '未设置服务处理器';
  const found = BY_NAME.get(handler);
  if (!found) return `未知的服务处理器 ${handler}`;
  return found.checkArg(arg);
}
