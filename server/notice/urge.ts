import type { FastifyInstance } from 'fastify';
import { checkId } from '../entity/route-kit.js';
import { newId } from '../db/seed/ids.js';
import { ApiError, okMessage } from '../result.js';
import { actorOf, type NoticeDeps } from './context.js';
import type { Actor } from './announcement-store.js';
import { splitIds } from './ids.js';
import { NoticeMessages } from './messages.js';
import { memberOf } from './recipients.js';
import { cleanHtml } from '../security/html.js';
import type { AppType, NoticeDb } from './tables.js';

/** Permission code of the 催办 action (seeded under 督办, granted to admin and managers). */
export const URGE_PERMISSION = 'notice:urge';
const MAX_TARGETS = 200;

export interface UrgeInput {
  userIds: string[];
  title: string;
  content: string;
  appType: AppType;
  appId: string;
}

interface UrgeBody {
  userIds?: string;
  userId?: string;
  title?: string;
  content?: string;
  appType?: string;
  appId?: string;
}

export function readUrge(body: UrgeBody): UrgeInput {
  const userIds = splitIds(body.userIds ?? body.userId);
  if (userIds.length === 0) throw new ApiError(NoticeMessages.noRecipients);
  if (userIds.length > MAX_TARGETS) throw new ApiError(`参数错误：一次最多催办${MAX_TARGETS}人`);
  const title = (body.title ?? '').trim();
  if (!title) throw new ApiError(NoticeMessages.titleRequired);
  if (body.appType !== 'workOrder' && body.appType !== 'project')
    throw new ApiError(NoticeMessages.badAppType);
  return {
    userIds,
    title,
    content: cleanHtml(body.content),
    appType: body.appType,
    appId: checkId(body.appId),
  };
}

/** Writes one reminder per target (live members of the urger's tenant only); returns [userId, id]. */
export async function createUrges(db: NoticeDb, actor: Actor, input: UrgeInput): Promise<[string, string][]> {
  const targets = await db
    .selectFrom('sysUser')
    .select('sysUser.id')
    .where('sysUser.id', 'in', input.userIds)
    .where('sysUser.delFlag', '=', 0)
    .where((eb) => memberOf(eb, actor.tenantId))
    .execute();
  if (targets.length !== input.userIds.length) throw new ApiError(NoticeMessages.urgeTargetMissing);
  const now = new Date();
  const rows = targets.map((t) => ({
    id: newId(),
    tenantId: actor.tenantId,
    userId: t.id,
    title: input.title,
    content: input.content,
    appType: input.appType,
    appId: input.appId,
    urgerId: actor.userId,
    urgerName: actor.realname,
    createBy: actor.username,
    createTime: now,
    readFlag: '0' as const,
  }));
  await db.insertInto('sysUrge').values(rows).execute();
  return rows.map((r) => [r.userId, r.id]);
}

/** POST /sys/notice/urge: a reminder on a work order or project, pushed to each target as cmd 'user'. */
export function registerUrgeRoutes(app: FastifyInstance, deps: NoticeDeps): void {
  app.post<{ Body: UrgeBody }>(
    '/sys/notice/urge',
    {
      config: { access: { perm: URGE_PERMISSION } },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            userIds: { type: 'string', maxLength: 40_000 },
            userId: { type: 'string', maxLength: 64 },
            title: { type: 'string', maxLength: 200 },
            content: { type: 'string', maxLength: 200_000 },
            appType: { type: 'string', maxLength: 16 },
            appId: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request) => {
      const input = readUrge(request.body ?? {});
      const created = await createUrges(deps.db, actorOf(request), input);
      for (const [userId, id] of created) {
        try {
          await deps.bus.publish({
            to: 'users',
            userIds: [userId],
            message: { cmd: 'user', msgId: id, msgTxt: input.title },
          });
        } catch (error) {
          request.log.error({ err: error }, 'notice publish failed');
        }
      }
      return okMessage(NoticeMessages.urged);
    },
  );
}
