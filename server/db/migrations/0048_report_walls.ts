import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Online reports, issue 31: the caller's tenant as a value a report statement cannot forge.
 *
 * The report views showed a tenant's rows by a session setting (`zj.tenant_id`), which any
 * statement may change with set_config. Now the report session sets `zj.report_tenant` to
 * `<tenant>.<signature>`, the signature a SHA-256 of a key only the server knows (the table
 * sys_report_key, which the report role cannot read), the tenant and the connection's backend pid;
 * the views ask zj_report_tenant(), which runs as its owner, reads the key and answers the tenant
 * only when the signature is right (null otherwise: tenant-0 rows only). A forged tenant, or a
 * token read from another session (pg_stat_activity shows a role its own sessions' statements),
 * answers nothing. The table also keeps the report login's password (server/report/report-login.ts).
 */
export const reportWalls: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table sys_report_key (
      name varchar(100) primary key,
      value text not null,
      create_time timestamptz not null default now())`.execute(db);
    await sql`revoke all on sys_report_key from public`.execute(db);
    await sql`insert into sys_report_key (name, value) values ('tenant', ${randomBytes(32).toString('hex')})`.execute(
      db,
    );
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    // A function that runs as its owner names its schema and puts pg_temp last (CREATE FUNCTION docs).
    const path = sql.raw(`${quoteIdent(rows[0].schema)}, pg_temp`);
    await sql`create function zj_report_tenant() returns integer
      language sql stable security definer set search_path = ${path} as $$
      select case
        when s.t ~ '^[0-9]{1,9}[.][0-9a-f]{64}$'
          and encode(sha256(convert_to(k.value || ':' || split_part(s.t, '.', 1) || ':' || pg_backend_pid(),
            'UTF8')), 'hex') = split_part(s.t, '.', 2)
        then split_part(s.t, '.', 1)::integer
      end
      from (select current_setting('zj.report_tenant', true) as t) s
      join sys_report_key k on k.name = 'tenant'
    $$`.execute(db);
    await sql`revoke all on function zj_report_tenant() from public`.execute(db);
    await sql`grant execute on function zj_report_tenant() to zj_report`.execute(db);
  },
};

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
