/**
 * OA mail (docs/modules/mail.md): drafts are their author's alone, sending gives each person an
 * independent copy, nobody reads or deletes another's copy, HTML is cleaned before it is stored,
 * disabled people named as recipients refuse the send and are skipped in a department.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { openSocket, settle, userId } from './notice-support.js';

type Row = Record<string, unknown> & { id: string };
let t: EntityTestContext;
const tok: Record<string, string> = {};
const NOT_FOUND = '未找到对应数据';

async function draft(values: Record<string, unknown>, token: string): Promise<string> {
  const subject = `测试邮件${Math.random().toString(36).slice(2, 8)}`;
  const res = await t.send('POST', '/oa/mail/add', { subject, content: '<p>正文</p>', ...values }, token);
  expect(res.success, res.message).toBe(true);
  const { rows } = await sql<{
    id: string;
  }>`select id from oa_mail where subject = ${values.subject ?? subject}
    order by create_time desc limit 1`.execute(t.database.db);
  return rows[0]!.id;
}

async function inbox(token: string, box = 'inbox'): Promise<Row[]> {
  const page = await t.get<Page<Row>>(`/oa/mail/box/list?box=${box}&pageSize=200`, token);
  expect(page.success, page.message).toBe(true);
  return page.result!.records;
}

beforeAll(async () => {
  t = await createEntityContext();
  tok.chenjing = t.staffToken;
  for (const name of ['yangqiang', 'zhaolei', 'zhangwei']) tok[name] = await t.login(name, DEMO_PASSWORD);
});
afterAll(async () => {
  // As in notice-socket.test.ts: the listening server and the pool close before the database copy is
  // dropped, or PostgreSQL's forced drop can cut a connection mid-close.
  await t.app.close();
  await t.database.db.destroy();
  await settle(300);
  await t.close();
});

describe('写邮件: drafts', () => {
  it('never stores a script or an event handler', async () => {
    const id = await draft(
      { content: '<p onclick="x()">你好<script>alert(1)</script><img src="x" onerror="alert(2)"></p>' },
      tok.chenjing!,
    );
    const { rows } = await sql<{ content: string }>`select content from oa_mail where id = ${id}`.execute(
      t.database.db,
    );
    expect(rows[0]!.content).toContain('你好');
    expect(rows[0]!.content).not.toMatch(/script|onerror|onclick/i);
  });

  it('lets only the author see, edit and delete a draft', async () => {
    const id = await draft({ toUsers: 'yangqiang' }, tok.chenjing!);
    expect((await t.get(`/oa/mail/queryById?id=${id}`, tok.yangqiang)).message).toBe(NOT_FOUND);
    const others = await t.get<Page<Row>>('/oa/mail/list?pageSize=200', tok.yangqiang);
    expect(others.result!.records.map((r) => r.id)).not.toContain(id);
    const edit = await t.send('PUT', '/oa/mail/edit', { id, subject: '改掉', rowVersion: 0 }, tok.yangqiang);
    expect(edit.success).toBe(false);
    expect((await t.send('DELETE', `/oa/mail/delete?id=${id}`, undefined, tok.yangqiang)).success).toBe(
      false,
    );
    expect((await t.send('PUT', '/oa/mail/send', { id }, tok.yangqiang)).message).toBe(NOT_FOUND);
    const mine = await t.get<Row>(`/oa/mail/queryById?id=${id}`, tok.chenjing);
    expect(mine.result!.toUsers).toBe('yangqiang');
  });
});

describe('发送 and the mailbox', () => {
  it('gives each recipient an independent copy and a bell notice read when opened', async () => {
    const subject = `周会纪要${Date.now()}`;
    const id = await draft({ subject, toUsers: 'yangqiang', ccUsers: 'zhaolei' }, tok.chenjing!);
    const sent = await t.send('PUT', '/oa/mail/send', { id }, tok.chenjing);
    expect(sent).toMatchObject({ success: true, message: '邮件已发送给2人' });
    // A sent mail is no draft any more: neither listed nor editable.
    expect((await t.get(`/oa/mail/queryById?id=${id}`, tok.chenjing)).message).toBe(NOT_FOUND);
    expect((await inbox(tok.chenjing!, 'sent')).some((r) => r.subject === subject)).toBe(true);

    const yq = (await inbox(tok.yangqiang!)).find((r) => r.subject === subject)!;
    const zl = (await inbox(tok.zhaolei!)).find((r) => r.subject === subject)!;
    expect(yq).toMatchObject({ readFlag: '0', sender: 'chenjing', sender_dictText: '陈静' });
    const bell = await sql<{ readFlag: string }>`select s.read_flag as "readFlag" from sys_announcement_send s
      join sys_announcement a on a.id = s.annt_id join sys_user u on u.id = s.user_id
      where a.bus_type = 'mail' and a.bus_id = ${id} and u.username = 'yangqiang'`.execute(t.database.db);
    expect(bell.rows).toEqual([{ readFlag: '0' }]);

    // Nobody reads or deletes another's copy.
    expect((await t.get(`/oa/mail/box/queryById?id=${yq.id}`, tok.zhaolei)).message).toBe(NOT_FOUND);
    expect((await t.send('PUT', '/oa/mail/box/remove', { id: yq.id }, tok.zhaolei)).message).toBe(NOT_FOUND);

    const opened = await t.get<Row>(`/oa/mail/box/queryById?id=${yq.id}`, tok.yangqiang);
    expect(opened.result).toMatchObject({ subject, readFlag: '1', content: '<p>正文</p>' });
    expect((await inbox(tok.yangqiang!)).find((r) => r.id === yq.id)!.readFlag).toBe('1');
    const after = await sql<{
      readFlag: string;
    }>`select s.read_flag as "readFlag" from sys_announcement_send s
      join sys_announcement a on a.id = s.annt_id join sys_user u on u.id = s.user_id
      where a.bus_type = 'mail' and a.bus_id = ${id} and u.username = 'yangqiang'`.execute(t.database.db);
    expect(after.rows).toEqual([{ readFlag: '1' }]);

    // yangqiang bins and purges his copy; zhaolei's stays unread and readable.
    expect((await t.send('PUT', '/oa/mail/box/remove', { id: yq.id }, tok.yangqiang)).success).toBe(true);
    expect((await inbox(tok.yangqiang!)).some((r) => r.id === yq.id)).toBe(false);
    expect((await inbox(tok.yangqiang!, 'bin')).some((r) => r.id === yq.id)).toBe(true);
    expect((await t.send('PUT', '/oa/mail/box/restore', { id: yq.id }, tok.yangqiang)).success).toBe(true);
    await t.send('PUT', '/oa/mail/box/remove', { id: yq.id }, tok.yangqiang);
    expect((await t.send('DELETE', `/oa/mail/box/purge?id=${yq.id}`, undefined, tok.yangqiang)).success).toBe(
      true,
    );
    expect((await inbox(tok.yangqiang!, 'bin')).some((r) => r.id === yq.id)).toBe(false);
    const still = await t.get<Row>(`/oa/mail/box/queryById?id=${zl.id}`, tok.zhaolei);
    expect(still.result).toMatchObject({ subject });
  });

  it('prefills 回复全部 and 转发 as drafts of the replier', async () => {
    const subject = `方案讨论${Date.now()}`;
    const id = await draft({ subject, toUsers: 'yangqiang,zhangwei', ccUsers: 'zhaolei' }, tok.chenjing!);
    await t.send('PUT', '/oa/mail/send', { id }, tok.chenjing);
    const copy = (await inbox(tok.yangqiang!)).find((r) => r.subject === subject)!;
    const all = await t.send<{ id: string }>(
      'PUT',
      '/oa/mail/box/reply',
      { id: copy.id, mode: 'all' },
      tok.yangqiang,
    );
    expect(all.success, all.message).toBe(true);
    const reply = await t.get<Row>(`/oa/mail/queryById?id=${all.result!.id}`, tok.yangqiang);
    expect(reply.result).toMatchObject({
      subject: `回复：${subject}`,
      toUsers: 'chenjing,zhangwei',
      ccUsers: 'zhaolei',
    });
    expect(String(reply.result!.content)).toContain('原始邮件');
    const fwd = await t.send<{ id: string }>(
      'PUT',
      '/oa/mail/box/reply',
      { id: copy.id, mode: 'forward' },
      tok.yangqiang,
    );
    const forward = await t.get<Row>(`/oa/mail/queryById?id=${fwd.result!.id}`, tok.yangqiang);
    expect(forward.result).toMatchObject({ subject: `转发：${subject}` });
    expect(forward.result!.toUsers ?? '').toBe('');
    // Not from someone else's copy.
    expect(
      (await t.send('PUT', '/oa/mail/box/reply', { id: copy.id, mode: 'reply' }, tok.zhaolei)).message,
    ).toBe(NOT_FOUND);
  });

  it('refuses a disabled recipient by name and skips disabled members of a department', async () => {
    await sql`update sys_user set status = 2 where username = 'zhaolei'`.execute(t.database.db);
    try {
      const named = await draft({ toUsers: 'yangqiang,zhaolei' }, tok.chenjing!);
      const refused = await t.send('PUT', '/oa/mail/send', { id: named }, tok.chenjing);
      expect(refused).toMatchObject({ success: false, message: '以下收件人不存在或已停用，不能发送：赵磊' });
      const { rows } = await sql<{ status: string }>`select status from oa_mail where id = ${named}`.execute(
        t.database.db,
      );
      expect(rows[0]!.status).toBe('0'); // still a draft, nothing delivered
      const depart = await sql<{ id: string; n: number }>`select d.id, count(*)::int as n from sys_depart d
        join sys_user_depart ud on ud.dep_id = d.id join sys_user u on u.id = ud.user_id
        where d.id = (select ud2.dep_id from sys_user_depart ud2 join sys_user u2 on u2.id = ud2.user_id
          where u2.username = 'zhaolei' limit 1)
          and u.status = 1 and u.del_flag = 0 and u.username <> 'chenjing'
        group by d.id`.execute(t.database.db);
      const subject = `部门通知${Date.now()}`;
      const toDepart = await draft({ subject, toDeparts: depart.rows[0]!.id }, tok.chenjing!);
      const sent = await t.send('PUT', '/oa/mail/send', { id: toDepart }, tok.chenjing);
      expect(sent.message).toBe(`邮件已发送给${depart.rows[0]!.n}人`);
      const copies = await sql<{ owner: string }>`select owner from oa_mail_box where mail_id = ${toDepart}
        and box = 'in'`.execute(t.database.db);
      expect(copies.rows.map((r) => r.owner)).not.toContain('zhaolei');
    } finally {
      await sql`update sys_user set status = 1 where username = 'zhaolei'`.execute(t.database.db);
    }
  });

  it('refuses a send with nobody to send to', async () => {
    const id = await draft({}, tok.chenjing!);
    expect((await t.send('PUT', '/oa/mail/send', { id }, tok.chenjing)).message).toBe(
      '请选择收件人、抄送人或收件部门',
    );
  });
});

describe('发送 reaches the recipient live', () => {
  it('pushes the bell notice over the recipient socket at once, to nobody else', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [yq, zl] = await Promise.all([
      openSocket(base, userId('yangqiang'), tok.yangqiang!),
      openSocket(base, userId('zhaolei'), tok.zhaolei!),
    ]);
    try {
      const subject = `实时投递${Date.now()}`;
      const id = await draft({ subject, toUsers: 'yangqiang' }, tok.chenjing!);
      expect((await t.send('PUT', '/oa/mail/send', { id }, tok.chenjing)).success).toBe(true);
      const pushed = await yq.next((m) => m.msgTxt === `新邮件：${subject}`);
      expect(pushed.cmd).toBe('user');
      // The pushed id is the bell notice of this mail for this recipient (what the bell then loads).
      const notice = await sql<{ busId: string; userIds: string }>`select bus_id as "busId",
          user_ids as "userIds" from sys_announcement where id = ${pushed.msgId}`.execute(t.database.db);
      expect(notice.rows).toEqual([{ busId: id, userIds: userId('yangqiang') }]);
      await settle();
      expect(zl.messages.filter((m) => m.msgTxt.includes(subject))).toEqual([]);
    } finally {
      yq.close();
      zl.close();
    }
  });
});
