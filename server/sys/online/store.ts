/**
 * The live sessions: not signed out, not revoked, neither idle past the limit nor past their cap
 * (what server/auth/sessions.ts would still accept). Each is named by its opaque `sid`; the token
 * hash never leaves this module except to revoke the session it belongs to.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SortTerm } from '../../../runtime/model/query/conditions.js';
import type { SessionPolicy } from '../../auth/sessions.js';
import type { Db } from '../../db/database.js';
import { orderBySql, type SqlContext } from '../../entity/sql.js';
import type { Row } from '../../entity/store.js';

/**
 * The live sessions with their users, one row per session, columns named as the declared fields;
 * `current_session` marks the viewer's own session (compared here, the hash is never selected).
 */
function onlineRows(policy: SessionPolicy, viewerTokenHash: string): RawBuilder<unknown> {
  return sql`(select
      s.sid as id,
      u.username,
      u.realname,
      u.avatar,
      (select string_agg(d.depart_name, ',' order by d.depart_order, d.org_code)
         from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
        where ud.user_id = u.id and d.del_flag = 0) as depart_names,
      s.ip,
      s.created_at as login_time,
      s.last_seen_at as last_seen_time,
      case when s.token_hash = ${viewerTokenHash} then 'Y' else 'N' end as current_session
    from sys_session s
    join sys_user u on u.id = s.user_id and u.del_flag = 0
    where s.revoked_at is null
      and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => ${policy.sessionIdleMinutes}::int))`;
}

export interface OnlineQuery {
  policy: SessionPolicy;
  viewerTokenHash: string;
  where: RawBuilder<SqlBool>;
}

export async function countOnline(db: Db, q: OnlineQuery): Promise<number> {
  const result = await sql<{ total: number }>`select count(*)::int as total
    from ${onlineRows(q.policy, q.viewerTokenHash)} o where ${q.where}`.execute(db);
  return result.rows[0]?.total ?? 0;
}

export async function selectOnline(
  db: Db,
  q: OnlineQuery & { ctx: SqlContext; sort: readonly SortTerm[] },
  limit: number,
  offset: number,
): Promise<Row[]> {
  const result = await sql<Row>`select o.* from ${onlineRows(q.policy, q.viewerTokenHash)} o where ${q.where}
    order by ${orderBySql(q.ctx, q.sort)} limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

export interface LiveSession {
  tokenHash: string;
  userId: string;
  username: string;
}

/** A live session by its opaque id. */
export async function liveSession(
  db: Db,
  policy: SessionPolicy,
  sid: string,
): Promise<LiveSession | undefined> {
  const result = await sql<LiveSession>`select s.token_hash, s.user_id, u.username
    from sys_session s join sys_user u on u.id = s.user_id
    where s.sid = ${sid}
      and s.revoked_at is null
      and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => ${policy.sessionIdleMinutes}::int)`.execute(db);
  return result.rows[0];
}
