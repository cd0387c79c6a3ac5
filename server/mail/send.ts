/**
 * 发送 (PUT /oa/mail/send, docs/modules/mail.md): in one transaction the author's draft becomes
 * sent, the author gets a 已发送 copy and every recipient an inbox copy of their own (one
 * oa_mail_box row each, so nobody's delete touches another's), and each recipient a bell notice
 * that opening the mail marks read. The pushes go out after the commit.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import { MAIL_NOTICE_CATEGORY, MailMessages } from './messages.js';
import { departPeople, namedPeople, splitList, type Person } from './people.js';

export interface Sender {
  username: string;
  realname: string;
  tenantId: number;
}

export interface Delivery {
  userId: string;
  msgId: string;
  msgTxt: string;
}

interface Draft {
  subject: string;
  toUsers: string | null;
  ccUsers: string | null;
  toDeparts: string | null;
}

export async function sendMail(trx: Db, mailId: string, sender: Sender): Promise<Delivery[]> {
  const found = await sql<Draft>`select subject, to_users as "toUsers", cc_users as "ccUsers",
      to_departs as "toDeparts"
    from oa_mail where id = ${mailId} and create_by = ${sender.username} and status = '0'
      and tenant_id = ${sender.tenantId}
    for update`.execute(trx);
  const draft = found.rows[0];
  if (!draft) throw new ApiError(MailMessages.notFound);
  const named = [...splitList(draft.toUsers), ...splitList(draft.ccUsers)];
  const departs = splitList(draft.toDeparts);
  if (named.length === 0 && departs.length === 0) throw new ApiError(MailMessages.noRecipient);
  const people = new Map<string, Person>();
  for (const p of await namedPeople(trx, [...new Set(named)], sender.tenantId)) people.set(p.username, p);
  // The sender is in their own department: they get no inbox copy of it unless they named themselves.
  for (const p of await departPeople(trx, departs, sender.tenantId))
    if (p.username !== sender.username) people.set(p.username, p);
  if (people.size === 0) throw new ApiError(MailMessages.nobody);
  await sql`update oa_mail set status = '1', send_time = now(), update_by = ${sender.username},
      update_time = now(), row_version = row_version + 1
    where id = ${mailId}`.execute(trx);
  await sql`insert into oa_mail_box (id, mail_id, owner, box, read_flag, tenant_id)
    values (${newId()}, ${mailId}, ${sender.username}, 'sent', '1', ${sender.tenantId})`.execute(trx);
  const title = `新邮件：${draft.subject}`.slice(0, 200);
  const abstract = `${sender.realname} 给您发来一封邮件，请到 OA邮件 → 收件箱 查看`;
  const deliveries: Delivery[] = [];
  for (const person of people.values()) {
    await sql`insert into oa_mail_box (id, mail_id, owner, box, read_flag, tenant_id)
      values (${newId()}, ${mailId}, ${person.username}, 'in', '0', ${sender.tenantId})`.execute(trx);
    const noticeId = newId();
    await sql`insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
        msg_category, msg_type, user_ids, send_status, send_time, open_type, open_page, bus_type, bus_id,
        create_by)
      values (${noticeId}, ${sender.tenantId}, ${title}, ${`<p>${escapeText(abstract)}</p>`}, ${abstract},
        ${sender.realname}, 'M', ${MAIL_NOTICE_CATEGORY}, 'USER', ${person.id}, '1', now(), 'url',
        '/office/mail/inbox', 'mail', ${mailId}, ${sender.username})`.execute(trx);
    await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag)
      values (${newId()}, ${noticeId}, ${person.id}, '0')`.execute(trx);
    deliveries.push({ userId: person.id, msgId: noticeId, msgTxt: title });
  }
  return deliveries;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
