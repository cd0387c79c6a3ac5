/**
 * Demo mail (taken once by the 'mail-demo' mark, in one transaction): 120 mails between the demo
 * people over the last four months, to people, departments and with copies; older ones read,
 * some of the last fortnight's unread, a few in a bin, and two drafts for admin. Deterministic.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { seedId } from '../db/seed/ids.js';
import { USERS } from '../db/seed/organisation.js';

const MAILS = 120;
const SUBJECTS = [
  '关于本周接待任务安排的通知',
  '会议室使用调整说明',
  '请确认下月值班表',
  '展厅设备巡检结果',
  '项目周报已提交，请审阅',
  '办公用品申领汇总',
  '年度培训计划征求意见',
  '客户来访行程确认',
  '合同续签材料准备',
  '系统升级维护时间通知',
  '接待服务满意度调查结果',
  '部门团建活动安排',
];
const BODIES = [
  '<p>各位好：</p><p>附件为本周安排，请各自确认时间，有冲突请于周三前反馈。</p><p>谢谢！</p>',
  '<p>您好，</p><p>相关材料已整理完毕，请查收。如有问题随时联系我。</p>',
  '<p>请在本周五前完成确认，<strong>逾期将按默认安排执行</strong>。</p>',
  '<p>情况说明如下：</p><ol><li>已完成部分</li><li>待协调事项</li><li>下一步计划</li></ol>',
];

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export async function seedMailDemo(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const taken = await sql`delete from sys_seed_pending where name = 'mail-demo' returning name`.execute(
      trx,
    );
    if (taken.rows.length === 0) return;
    const people = USERS.map((u) => u.username);
    const random = generator(19);
    const pick = () => people[Math.floor(random() * people.length)]!;
    for (let i = 0; i < MAILS; i++) {
      // Admin writes and receives a share, so the first sign-in shows a used mailbox.
      const sender = i % 5 === 0 ? 'admin' : pick();
      const to = new Set<string>(i % 3 === 0 ? ['admin'] : []);
      while (to.size < 1 + Math.floor(random() * 3)) to.add(pick());
      to.delete(sender);
      if (to.size === 0) to.add(sender === 'admin' ? 'zhangwei' : 'admin');
      const cc = random() < 0.3 ? [pick()].filter((n) => n !== sender && !to.has(n)) : [];
      const daysAgo = Math.floor(((MAILS - i) / MAILS) * 120) + 1;
      const id = seedId(`mail:${i}`);
      await sql`insert into oa_mail (id, subject, to_users, cc_users, content, status, send_time, create_by,
          create_time, update_by, update_time, tenant_id)
        values (${id}, ${SUBJECTS[i % SUBJECTS.length]}, ${[...to].join(',')}, ${cc.join(',') || null},
          ${BODIES[i % BODIES.length]}, '1', now() - make_interval(days => ${daysAgo}, hours => ${i % 9}),
          ${sender}, now() - make_interval(days => ${daysAgo + 1}), ${sender},
          now() - make_interval(days => ${daysAgo}), 1)`.execute(trx);
      await sql`insert into oa_mail_box (id, mail_id, owner, box, read_flag, tenant_id, create_time)
        values (${seedId(`mailBox:${i}:sent`)}, ${id}, ${sender}, 'sent', '1', 1,
          now() - make_interval(days => ${daysAgo}))`.execute(trx);
      for (const owner of [...to, ...cc]) {
        const unread = daysAgo < 15 && random() < 0.6;
        const binned = !unread && random() < 0.06 ? '1' : '0';
        await sql`insert into oa_mail_box (id, mail_id, owner, box, read_flag, binned, read_time, tenant_id,
            create_time)
          values (${seedId(`mailBox:${i}:${owner}`)}, ${id}, ${owner}, 'in', ${unread ? '0' : '1'}, ${binned},
            ${unread ? null : sql`now() - make_interval(days => ${Math.max(daysAgo - 1, 0)})`}, 1,
            now() - make_interval(days => ${daysAgo}))
          on conflict do nothing`.execute(trx);
      }
    }
    for (const [i, subject] of ['下季度接待资源规划（草稿）', '关于优化访客登记流程的建议'].entries())
      await sql`insert into oa_mail (id, subject, to_users, content, status, create_by, create_time, tenant_id)
        values (${seedId(`mailDraft:${i}`)}, ${subject}, 'zhangwei,wangfang', ${BODIES[i]}, '0', 'admin',
          now() - make_interval(days => ${i + 1}), 1)`.execute(trx);
  });
}
