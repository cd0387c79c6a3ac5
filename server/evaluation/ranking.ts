/**
 * 考核排名 (schemas/evaluation/eval-ranking.json, `routes: external`): the finished evaluations of
 * one cycle ranked by their total (rank() over the rows shown, so a department filter ranks within
 * that department), in the caller's scope: their department and below, all with evaluation:list.
 * Without a cycle the latest one (by its scoring deadline) with finished evaluations in scope. GET list (paged) and exportXls.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { XLSX_TYPE } from '../entity/export.js';
import { access, guarded, pageOf } from '../entity/route-kit.js';
import { attachmentHeader } from '../entity/sheet-columns.js';
import { ApiError, ok, ResultCode } from '../result.js';
import { GRADE_TEXT } from './dicts.js';
import { EvalPerms, evalWho, isUnder, underSql, visibleEvalSql, type EvalWho } from './scope.js';

export interface RankRow {
  id: string;
  rankNo: number;
  username: string;
  realname: string | null;
  departCode: string | null;
  departName: string | null;
  cycleName: string;
  selfTotal: number | null;
  total: number | null;
  grade: string | null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_EXPORT = 10_000;

const text = (request: FastifyRequest, name: string): string => {
  const v = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim() : '';
};

async function filters(db: Db, request: FastifyRequest, who: EvalWho): Promise<RawBuilder<SqlBool> | null> {
  let cycleId = text(request, 'cycleId');
  const depart = text(request, 'departCode');
  const visible = visibleEvalSql(who, 'e');
  if (
    depart !== '' &&
    (!/^[A-Za-z0-9]{1,64}$/.test(depart) || (who.root !== '' && !isUnder(depart, who.root)))
  )
    throw new ApiError('您没有查看该部门的权限', ResultCode.NO_AUTH);
  if (cycleId !== '' && !ID.test(cycleId)) throw new ApiError('未找到对应数据');
  if (cycleId === '') {
    const latest = await sql<{ cycleId: string }>`select e.cycle_id as "cycleId" from biz_evaluation e
      where e.tenant_id = ${who.tenantId} and e.status = '3' and e.cycle_id is not null and ${visible}
      order by e.manager_deadline desc, e.finish_time desc limit 1`.execute(db);
    cycleId = latest.rows[0]?.cycleId ?? '';
    if (cycleId === '') return null;
  }
  const inDepart = depart === '' ? sql<SqlBool>`true` : underSql(sql`e.depart_code`, depart);
  // Managers rank within their department scope, never the people they merely score elsewhere.
  const scope = who.root === null ? visible : underSql(sql`e.depart_code`, who.root);
  return sql<SqlBool>`e.tenant_id = ${who.tenantId} and e.cycle_id = ${cycleId} and e.status = '3'
    and ${scope} and ${inDepart}`;
}

async function ranked(db: Db, where: RawBuilder<SqlBool>, limit: number, offset: number) {
  const { rows } = await sql<RankRow>`select e.id, (rank() over (order by e.total desc))::int as "rankNo",
      e.username, u.realname, e.depart_code as "departCode", d.depart_name as "departName",
      e.title as "cycleName", e.self_total as "selfTotal", e.total, e.grade
    from biz_evaluation e
      left join sys_user u on u.username = e.username
      left join sys_depart d on d.org_code = e.depart_code and d.del_flag = 0
    where ${where}
    order by e.total desc nulls last, u.realname limit ${limit} offset ${offset}`.execute(db);
  return rows.map((r) => ({
    ...r,
    selfTotal: r.selfTotal === null ? null : Number(r.selfTotal),
    total: r.total === null ? null : Number(r.total),
    grade_dictText: GRADE_TEXT[r.grade ?? ''] ?? '',
  }));
}

/** A text cell that a spreadsheet would read as a formula starts with '. */
const cell = (v: unknown): string | number =>
  typeof v === 'number' ? v : /^[=+\-@\t\r]/.test(String(v ?? '')) ? `'${String(v)}` : String(v ?? '');

export function registerRankingRoutes(app: FastifyInstance, db: Db): void {
  app.get('/evaluation/ranking/list', access(EvalPerms.depart), (request) =>
    guarded(async () => {
      const who = await evalWho(db, request);
      const current = Math.max(1, Number(text(request, 'pageNo')) || 1);
      const size = Math.min(200, Math.max(1, Number(text(request, 'pageSize')) || 10));
      const where = await filters(db, request, who);
      if (!where) return ok(pageOf([], 0, current, size));
      const count = await sql<{
        n: number;
      }>`select count(*)::int as n from biz_evaluation e where ${where}`.execute(db);
      const rows = await ranked(db, where, size, (current - 1) * size);
      return ok(pageOf(rows, Number(count.rows[0]?.n ?? 0), current, size));
    }),
  );
  app.get('/evaluation/ranking/exportXls', access(EvalPerms.depart), async (request, reply) => {
    const buffer = await guarded(async () => {
      const who = await evalWho(db, request);
      const where = await filters(db, request, who);
      const rows = where ? await ranked(db, where, MAX_EXPORT, 0) : [];
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('考核排名');
      sheet.addRow(['名次', '姓名', '部门', '考核名称', '自评得分', '考核得分', '等级']);
      for (const r of rows)
        sheet.addRow(
          [
            r.rankNo,
            r.realname,
            r.departName,
            r.cycleName,
            r.selfTotal ?? '',
            r.total ?? '',
            r.grade_dictText,
          ].map(cell),
        );
      return Buffer.from(await workbook.xlsx.writeBuffer());
    });
    return reply
      .header('content-disposition', attachmentHeader(text(request, 'fileName') || '考核排名', 'xlsx'))
      .header('cache-control', 'no-store')
      .type(XLSX_TYPE)
      .send(buffer);
  });
}
