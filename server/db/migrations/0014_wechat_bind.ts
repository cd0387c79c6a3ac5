import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The pending WeChat bindings: the `state` of a binding link (a QR code shown to a signed-in user) is
 * random, lives a few minutes and is spent by the first callback that presents it. Only its SHA-256 is
 * stored, so whoever reads the table cannot complete somebody else's binding.
 */
export const wechatBind: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table sys_wechat_bind_state (
      state_hash char(64) primary key,
      user_id varchar(32) not null,
      expires_at timestamptz not null)`.execute(db);
    await sql`create index sys_wechat_bind_state_user on sys_wechat_bind_state (user_id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table sys_wechat_bind_state`.execute(db);
  },
};
