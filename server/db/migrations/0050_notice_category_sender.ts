import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * 流程审批 as a notice category (issue 33): spec 000 section 9 names five (每日工作 4, 项目管理 5,
 * 工单派发 6, 绩效考核 7, 项目计划 8) and none for approvals, whose notices were filed under 每日工作.
 * Approvals get their own code 9, beside the spec's five: the check of sys_announcement widens, the
 * dictionary `notice_category` gains the item, and the workflow's notices already sent (bus type
 * `workflow`: results, 抄送, tasks given) move from 4 to 9. A flow's reminders (催办) follow in the
 * feed (server/notice/feed.ts). Notices whose sender was stored as an account name (meeting
 * notices and mail, before) show the person's real name. Idempotent; the values are written out here.
 */
export const noticeCategorySender: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table sys_announcement drop constraint if exists sys_announcement_msg_category_check`.execute(
      db,
    );
    await sql`alter table sys_announcement add constraint sys_announcement_msg_category_check
      check (msg_category in ('4', '5', '6', '7', '8', '9'))`.execute(db);
    await sql`update sys_announcement set msg_category = '9'
      where bus_type = 'workflow' and msg_category = '4'`.execute(db);
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
      select ${seedId('dictItem:notice_category:9')}, d.id, '9', '流程审批', 6, 1, 'admin'
      from sys_dict d where d.dict_code = 'notice_category'
        and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = '9')
      on conflict do nothing`.execute(db);
    await sql`update sys_announcement a set sender = u.realname from sys_user u
      where a.sender = u.username and u.realname is not null and u.realname <> ''`.execute(db);
  },
};
