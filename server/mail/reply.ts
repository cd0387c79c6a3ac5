/**
 * 回复 / 回复全部 / 转发: a new draft of the caller's, prefilled from one of their own copies
 * (recipients, subject with 回复： / 转发：, the original quoted below an empty first line; a
 * forward keeps the attachments). The caller edits and sends it from 写邮件 like any draft.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { cleanHtml } from '../security/html.js';
import { ApiError } from '../result.js';
import { MailMessages } from './messages.js';
import { splitList } from './people.js';

export type ReplyMode = 'reply' | 'all' | 'forward';

interface Original {
  subject: string;
  sender: string;
  senderName: string | null;
  toUsers: string | null;
  ccUsers: string | null;
  content: string | null;
  attachments: string | null;
  sent: string;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function subjectFor(mode: ReplyMode, subject: string): string {
  const prefix = mode === 'forward' ? '转发：' : '回复：';
  return (subject.startsWith(prefix) ? subject : `${prefix}${subject}`).slice(0, 200);
}

export async function makeReplyDraft(
  db: Db,
  boxId: string,
  mode: ReplyMode,
  who: { username: string; tenantId: number; orgCode: string | null },
): Promise<string> {
  const found = await sql<Original>`select m.subject, m.create_by as sender, u.realname as "senderName",
      m.to_users as "toUsers", m.cc_users as "ccUsers", m.content, m.attachments,
      to_char(m.send_time, 'YYYY-MM-DD HH24:MI') as sent
    from oa_mail_box b join oa_mail m on m.id = b.mail_id
      left join sys_user u on u.username = m.create_by
    where b.id = ${boxId} and b.owner = ${who.username} and b.tenant_id = ${who.tenantId}`.execute(db);
  const mail = found.rows[0];
  if (!mail) throw new ApiError(MailMessages.notFound);
  const others = (list: string | null) => splitList(list).filter((n) => n !== who.username);
  let to: string[] = [];
  let cc: string[] = [];
  if (mode === 'reply') to = mail.sender === who.username ? others(mail.toUsers) : [mail.sender];
  if (mode === 'all') {
    to = [...new Set([mail.sender, ...others(mail.toUsers)])].filter((n) => n !== who.username);
    cc = others(mail.ccUsers).filter((n) => !to.includes(n));
  }
  const quoted = `<p></p><p>------------------ 原始邮件 ------------------</p><p>发件人：${escapeText(
    mail.senderName ?? mail.sender,
  )}，时间：${escapeText(mail.sent ?? '')}</p><p>主题：${escapeText(mail.subject)}</p><blockquote>${cleanHtml(
    mail.content ?? '',
  )}</blockquote>`;
  const id = newId();
  await sql`insert into oa_mail (id, subject, to_users, cc_users, content, attachments, status, create_by,
      create_time, sys_org_code, tenant_id)
    values (${id}, ${subjectFor(mode, mail.subject)}, ${to.join(',') || null}, ${cc.join(',') || null}, ${quoted},
      ${mode === 'forward' ? mail.attachments : null}, '0', ${who.username}, now(), ${who.orgCode},
      ${who.tenantId})`.execute(db);
  return id;
}
