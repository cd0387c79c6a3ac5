/**
 * 新建临时考核 (POST /evaluation/evaluation/temporary, the list's toolbar action with its form): one
 * person, an enabled template and a reason, outside any cycle; made like a cycle's evaluation (the
 * indicators' snapshot, the person's manager scores) and the person is told 请完成自评. A manager
 * evaluates people of their department and below; holders of evaluation:list anyone.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, okMessage } from '../result.js';
import { insertEvaluation, managerOf, templateIndicators, type Person } from './generate.js';
import { markChange, pendingFor, SELF_PAGE, storeNotices } from './notify.js';
import { EvalMessages, EvalPerms, evalWho, isUnder } from './scope.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function field(body: Record<string, unknown>, name: string, title: string, max: number): string {
  const v = body[name];
  const s = typeof v === 'string' ? v.trim() : '';
  if (s === '') throw new ApiError(`请输入${title}!`);
  if (s.length > max) throw new ApiError(`${title}最多${max}个字符`);
  return s;
}

function date(body: Record<string, unknown>, name: string, title: string): string {
  const s = field(body, name, title, 19).slice(0, 10);
  if (!DATE.test(s) || Number.isNaN(Date.parse(s))) throw new ApiError(`${title}格式不正确`);
  return s;
}

/** The temporary evaluation's period: the month it is made in (YYYY-MM). */
export const monthOf = (today: string) => today.slice(0, 7);

export function registerTemporaryRoute(app: FastifyInstance, db: Db, today: () => string): void {
  app.post('/evaluation/evaluation/temporary', access(EvalPerms.temporary), async (request) =>
    guarded(async () => {
      const raw = request.body;
      const body = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
      const username = field(body, 'username', '被考核人', 64);
      const templateId = field(body, 'templateId', '考核模板', 32);
      const reason = field(body, 'reason', '考核原因', 500);
      const selfDeadline = date(body, 'selfDeadline', '自评截止');
      const managerDeadline = date(body, 'managerDeadline', '评分截止');
      if (managerDeadline < selfDeadline) throw new ApiError(EvalMessages.badDate);
      const who = await evalWho(db, request);
      const found = await sql<Person>`select username, realname, org_code as "orgCode" from sys_user
        where username = ${username} and del_flag = 0 and status = 1`.execute(db);
      const person = found.rows[0];
      if (!person) throw new ApiError(EvalMessages.noUser);
      if (who.root !== '' && !isUnder(person.orgCode, who.root ?? who.orgCode))
        throw new ApiError(EvalMessages.outside(person.realname));
      const indicators = await templateIndicators(db, templateId);
      const manager = await managerOf(db, person, who.tenantId);
      const id = await db.transaction().execute(async (trx) => {
        const made = await insertEvaluation(
          trx,
          {
            tenantId: who.tenantId,
            createBy: who.username,
            orgCode: who.orgCode,
            title: `临时考核：${reason.slice(0, 40)}`,
            cycleId: null,
            evalType: '2',
            periodKey: monthOf(today()),
            templateId,
            reason,
            selfDeadline,
            managerDeadline,
          },
          person,
          manager,
          indicators,
        );
        await storeNotices(trx, made, who.tenantId, [
          {
            username: person.username,
            title: `请完成自评：临时考核`,
            content: `${reason.slice(0, 200)}。请在${selfDeadline}前完成自评并提交。`,
            page: SELF_PAGE,
            evaluationId: made,
          },
        ]);
        return made;
      });
      pendingFor(id).todo.add(person.username);
      markChange(request, id);
      return okMessage('临时考核已创建，已通知被考核人自评');
    }),
  );
}
