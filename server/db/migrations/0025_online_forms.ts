import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Online forms (issue 15, docs/modules/online-forms.md): the designed declarations and their
 * versions. On a database seeded before, Online表单开发 opens the declared designer list instead of
 * 功能建设中 and gets its buttons (a new database has them from menu-data-admin.ts). Values are
 * written out: a shipped migration never changes. A second run changes nothing.
 */
const DESIGNER_FROM = 'modules/online/cgform/OnlCgformHeadList';
const DESIGNER_TO = 'declared/cgformHead';

/** [code, name]: the designer's buttons, admin only. */
const BUTTONS: [string, string][] = [
  ['cgform:list', '查看在线表单'],
  ['cgform:add', '新增在线表单'],
  ['cgform:edit', '编辑在线表单'],
  ['cgform:menu', '生成菜单'],
];

async function addButtons(db: Kysely<unknown>): Promise<void> {
  const parent = await sql<{ id: string }>`select id from sys_permission
    where url = '/online/cgform' and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
  const parentId = parent.rows[0]?.id;
  if (!parentId) return;
  for (const [i, [code, name]] of BUTTONS.entries()) {
    const id = seedId(`button:${code}`);
    const made = await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
        sort_no, is_route, is_leaf, status, del_flag, create_by)
      select ${id}, ${parentId}, ${name}, 2, ${code}, '1', ${i + 1}, false, true, '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${code} and menu_type = 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) === 0) continue;
    await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(db);
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, ${id} from sys_role r where r.role_code = 'admin' on conflict do nothing`.execute(db);
  }
}

export const onlineForms: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists onl_cgform_head (
      id varchar(32) primary key,
      name varchar(50) not null unique,
      title varchar(100) not null,
      table_name varchar(63) not null,
      current_version integer not null,
      row_version integer not null default 0,
      create_by varchar(64),
      create_time timestamptz not null default now(),
      update_by varchar(64),
      update_time timestamptz)`.execute(db);
    await sql`create table if not exists onl_cgform_version (
      id varchar(32) primary key,
      head_id varchar(32) not null references onl_cgform_head(id),
      version integer not null,
      declaration text not null,
      comment varchar(500),
      create_by varchar(64),
      create_time timestamptz not null default now(),
      unique (head_id, version))`.execute(db);
    await sql`update sys_permission set component = ${DESIGNER_TO} where component = ${DESIGNER_FROM}`.execute(
      db,
    );
    await addButtons(db);
  },
};
