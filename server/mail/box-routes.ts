/**
 * The mailbox (schemas/mail/mail-box.json, "routes": "external"): the caller's own copies only.
 * Every call names the copy by id and adds `owner = caller`, so another person's copy is simply
 * not found (未找到对应数据). Opening a mail marks the copy and its bell notice read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { Db } from '../db/database.js';
import { addDictText } from '../entity/dict-text.js';
import { checkId, guarded, idList, pageOf } from '../entity/route-kit.js';
import { cleanHtml } from '../security/html.js';
import { ApiError, ok, okMessage } from '../result.js';
import { MailMessages } from './messages.js';
import { makeReplyDraft, type ReplyMode } from './reply.js';

const BASE = '/oa/mail/box';
export const MailPerms = { box: 'mail:box', write: 'mail:write' } as const;

interface Me {
  userId: string;
  username: string;
  tenantId: number;
  orgCode: string | null;
}

function me(request: FastifyRequest): Me {
  const auth = request.auth!;
  return { userId: auth.userId, username: auth.username, tenantId: auth.tenantId, orgCode: auth.orgCode };
}

function param(request: FastifyRequest, name: string): string {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const value = body[name] ?? query[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function boxCondition(box: string) {
  if (box === 'inbox' || box === '') return sql`b.box = 'in' and b.binned = '0'`;
  if (box === 'sent') return sql`b.box = 'sent' and b.binned = '0'`;
  if (box === 'bin') return sql`b.binned = '1'`;
  throw new ApiError(MailMessages.badBox(box));
}

const COLUMNS = sql`b.id, b.mail_id as "mailId", m.subject, m.create_by as sender, m.to_users as "toUsers",
  m.cc_users as "ccUsers", m.to_departs as "toDeparts", m.send_time as "sendTime", b.read_flag as "readFlag",
  b.binned, b.box`;

async function list(db: Db, model: EntityModel, request: FastifyRequest) {
  const who = me(request);
  const size = Math.min(Math.max(Number(param(request, 'pageSize')) || 10, 1), 200);
  const current = Math.max(Number(param(request, 'pageNo')) || 1, 1);
  const subject = param(request, 'subject').replace(/^\*|\*$/g, '');
  const word = subject ? `%${subject.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const read = param(request, 'readFlag');
  const where = sql`b.owner = ${who.username} and b.tenant_id = ${who.tenantId} and ${boxCondition(param(request, 'box'))}
    and (${word}::text is null or m.subject ilike ${word})
    and (${read === '0' || read === '1' ? read : null}::text is null or b.read_flag = ${read})`;
  const order = param(request, 'order') === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await sql<Record<string, unknown>>`select ${COLUMNS}
    from oa_mail_box b join oa_mail m on m.id = b.mail_id where ${where}
    order by m.send_time ${order}, b.id limit ${size} offset ${(current - 1) * size}`.execute(db);
  const count = await sql<{ n: number }>`select count(*)::int as n
    from oa_mail_box b join oa_mail m on m.id = b.mail_id where ${where}`.execute(db);
  return ok(pageOf(await addDictText(db, model, rows), Number(count.rows[0]?.n ?? 0), current, size));
}

async function queryById(db: Db, model: EntityModel, request: FastifyRequest) {
  const who = me(request);
  const id = checkId(param(request, 'id'));
  // The detail shows every screen's 创建人 / 创建日期: for a mail, its author and when it was written.
  const { rows } = await sql<Record<string, unknown>>`select ${COLUMNS}, m.content, m.attachments,
      m.create_by as "createBy", m.create_time as "createTime"
    from oa_mail_box b join oa_mail m on m.id = b.mail_id
    where b.id = ${id} and b.owner = ${who.username} and b.tenant_id = ${who.tenantId}`.execute(db);
  const row = rows[0];
  if (!row) throw new ApiError(MailMessages.notFound);
  if (row.readFlag === '0') {
    await db.transaction().execute(async (trx) => {
      await sql`update oa_mail_box set read_flag = '1', read_time = now() where id = ${id}`.execute(trx);
      await sql`update sys_announcement_send s set read_flag = '1', read_time = now()
        from sys_announcement a
        where a.id = s.annt_id and a.bus_type = 'mail' and a.bus_id = ${String(row.mailId)}
          and s.user_id = ${who.userId} and s.read_flag = '0'`.execute(trx);
    });
    row.readFlag = '1';
  }
  row.content = cleanHtml(typeof row.content === 'string' ? row.content : '');
  const [answered] = await addDictText(db, model, [row]);
  return ok(answered);
}

/** One statement on the caller's own copies; nothing changed means not found. */
async function change(db: Db, request: FastifyRequest, set: ReturnType<typeof sql>, where = sql`true`) {
  const who = me(request);
  const ids = param(request, 'ids') ? idList(param(request, 'ids')) : [checkId(param(request, 'id'))];
  const done = await sql`update oa_mail_box b set ${set}
    where b.id in (${sql.join(ids)}) and b.owner = ${who.username} and b.tenant_id = ${who.tenantId}
      and ${where}`.execute(db);
  const n = Number(done.numAffectedRows ?? 0);
  if (n === 0) throw new ApiError(MailMessages.notFound);
  return n;
}

async function purge(db: Db, request: FastifyRequest) {
  const who = me(request);
  const id = checkId(param(request, 'id'));
  await db.transaction().execute(async (trx) => {
    const gone = await sql<{ mailId: string }>`delete from oa_mail_box
      where id = ${id} and owner = ${who.username} and tenant_id = ${who.tenantId} and binned = '1'
      returning mail_id as "mailId"`.execute(trx);
    const mailId = gone.rows[0]?.mailId;
    if (!mailId) throw new ApiError(MailMessages.notFound);
    // The mail itself goes with its last copy.
    await sql`delete from oa_mail m where m.id = ${mailId} and m.status = '1'
      and not exists (select 1 from oa_mail_box b where b.mail_id = m.id)`.execute(trx);
  });
  return okMessage(MailMessages.purged);
}

export function registerMailBoxRoutes(app: FastifyInstance, db: Db, model: EntityModel): void {
  const box = { config: { access: { perm: MailPerms.box } } };
  app.get(`${BASE}/list`, box, (request) => guarded(() => list(db, model, request)));
  app.get(`${BASE}/queryById`, box, (request) => guarded(() => queryById(db, model, request)));
  app.put(`${BASE}/markRead`, box, (request) =>
    guarded(async () =>
      okMessage(MailMessages.marked(await change(db, request, sql`read_flag = '1', read_time = now()`))),
    ),
  );
  app.put(`${BASE}/remove`, box, (request) =>
    guarded(async () => {
      await change(db, request, sql`binned = '1', binned_time = now()`, sql`b.binned = '0'`);
      return okMessage(MailMessages.removed);
    }),
  );
  app.put(`${BASE}/restore`, box, (request) =>
    guarded(async () => {
      await change(db, request, sql`binned = '0', binned_time = null`, sql`b.binned = '1'`);
      return okMessage(MailMessages.restored);
    }),
  );
  app.delete(`${BASE}/purge`, box, (request) => guarded(() => purge(db, request)));
  app.put(`${BASE}/reply`, { config: { access: { perm: MailPerms.write } } }, (request) =>
    guarded(async () => {
      const mode = param(request, 'mode');
      if (mode !== 'reply' && mode !== 'all' && mode !== 'forward') throw new ApiError(MailMessages.badMode);
      const id = checkId(param(request, 'id'));
      const draftId = await makeReplyDraft(db, id, mode as ReplyMode, me(request));
      return ok({ id: draftId }, MailMessages.draftMade);
    }),
  );
}
