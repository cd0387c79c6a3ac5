/**
 * 抄送 calls (docs/modules/workflow.md, "Slice 5b"): copy from 我的待办 / 我的已办, and 我的抄送 (the
 * caller's copies; 详情 and 审批记录 mark a copy read).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { readComment } from './actions.js';
import { openCopy, copyTask, readUsernames } from './copy.js';
import type { WorkflowDeps } from './module.js';
import { publishEffects } from './notify.js';
import { dictText, historyRows, like, page, paging, realname, type PageQuery } from './queries.js';
import { actorOf, bodyOf, idOf } from './routes.js';
import { newEffects } from './service.js';

interface CopyQuery extends PageQuery {
  readFlag?: string;
}

const COPY_COLUMNS = sql`c.id, c.instance_id as "instanceId", i.title, c.from_user as "fromUser",
  ${realname(sql`c.from_user`)} as "fromUser_dictText", c.note, c.create_time as "copyTime", c.read_flag as "readFlag",
  ${dictText('read_flag', sql`c.read_flag`)} as "readFlag_dictText", i.status as "instanceStatus",
  ${dictText('wf_instance_status', sql`i.status`)} as "instanceStatus_dictText", i.current_node as "currentNode",
  i.starter, ${realname(sql`i.starter`)} as "starter_dictText"`;

export function registerCopyRoutes(app: FastifyInstance, deps: WorkflowDeps): void {
  const { db, bus, timeZone } = deps;

  app.put('/workflow/task/copy', access('flowTask:copy'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const input = {
        taskId: idOf(request),
        usernames: readUsernames(body.usernames),
        note: readComment(body.note, false),
      };
      const pushes = await copyTask(db, input, actorOf(request));
      await publishEffects(db, bus, request.log, newEffects(), pushes);
      return okMessage('抄送成功');
    }),
  );

  app.get('/workflow/copy/list', access(null), (request) =>
    guarded(async () => {
      const query = request.query as CopyQuery;
      const actor = actorOf(request);
      const p = paging(query);
      const read =
        query.readFlag === '0' || query.readFlag === '1' ? sql`and c.read_flag = ${query.readFlag}` : sql``;
      return ok(
        await page(
          sql<{ total: number }>`select ${COPY_COLUMNS}, count(*) over () as total
            from wf_copy c join wf_instance i on i.id = c.instance_id
            where c.tenant_id = ${actor.tenantId} and c.username = ${actor.username} ${read}
              ${like(query.title, sql`i.title`)}
            order by c.create_time desc, c.id limit ${p.pageSize} offset ${p.offset}`,
          db,
          p,
        ),
      );
    }),
  );

  // Opening a copy (详情) marks it read; someone else's copy is not found.
  app.get('/workflow/copy/queryById', access(null), (request) =>
    guarded(async () => {
      const actor = actorOf(request);
      if (!(await openCopy(db, idOf(request), actor))) throw new ApiError('未找到对应数据');
      const p = paging({});
      const { records } = await page(
        sql<{ total: number }>`select ${COPY_COLUMNS}, 1 as total
          from wf_copy c join wf_instance i on i.id = c.instance_id where c.id = ${idOf(request)}`,
        db,
        p,
      );
      return ok(records[0]);
    }),
  );

  app.get('/workflow/copy/history', access(null), (request) =>
    guarded(async () => {
      const copy = await openCopy(db, idOf(request), actorOf(request));
      if (!copy) throw new ApiError('未找到对应数据');
      return ok({ history: await historyRows(db, copy.instanceId, timeZone) });
    }),
  );
}
