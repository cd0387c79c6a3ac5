/**
 * Demo personnel data (taken once by the 'personnel-demo' mark, in one transaction): the role hr
 * (人事专员: the HR buttons and the private-field rule) held by 王芳 and 孙丽, a file for every demo
 * person with their positions held and some transfers (a few contracts ending soon, one ended),
 * and the duties of every position with two or three saved versions each. Deterministic.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { seedId } from '../db/seed/ids.js';
import { DEPARTS, POSITIONS, USERS } from '../db/seed/organisation.js';
import { DUTIES } from './demo-duties.js';

const HR_USERS = ['wangfang', 'sunli'];
const EDUCATION = ['3', '3', '2', '4', '3', '1'];
const SCHOOLS = ['浙江大学', '南京大学', '杭州电子科技大学', '浙江工商大学', '上海大学', '复旦大学'];
const MAJORS = ['计算机科学与技术', '工商管理', '会展经济与管理', '软件工程', '行政管理', '旅游管理'];
const STREETS = ['西湖区文三路', '滨江区江南大道', '拱墅区湖墅南路', '上城区解放路', '余杭区文一西路'];

const departIds = new Map<string, string>();
(function walk(node: typeof DEPARTS) {
  departIds.set(node.orgCode, seedId(`depart:${node.orgCode}`));
  for (const child of node.children ?? []) walk(child);
})(DEPARTS);

async function makeHrRole(trx: Db): Promise<void> {
  const roleId = seedId('role:hr');
  await sql`insert into sys_role (id, role_name, role_code, description, tenant_id, create_by, create_time)
    values (${roleId}, '人事专员', 'hr', '人事档案的维护与隐私字段的查看，岗位职责的维护', 0, 'admin', now())
    on conflict do nothing`.execute(trx);
  await sql`insert into sys_role_permission (role_id, permission_id)
    select ${roleId}, p.id from sys_permission p
    where p.perms like 'personnel:%' or p.perms like 'positionDuty:%'
      or p.url in ('/personnel', '/personnel/list', '/personnel/positionDuty', '/personnel/positionDutyHistory')
    on conflict do nothing`.execute(trx);
  for (const username of HR_USERS)
    await sql`insert into sys_user_role (user_id, role_id) select u.id, ${roleId} from sys_user u
      where u.username = ${username} on conflict do nothing`.execute(trx);
}

async function makeFiles(trx: Db): Promise<void> {
  for (const [i, user] of USERS.entries()) {
    const id = seedId(`personnelFile:${user.username}`);
    const orgCode = user.orgCodes[0] ?? 'A01';
    const depart = departIds.get(orgCode) ?? null;
    const position = seedId(`position:${user.post}`);
    const entryYears = 1 + (i % 7);
    // Every fifth contract ends within two months; the last person's ended last month.
    const endIn = i === USERS.length - 1 ? -20 : i % 5 === 2 ? 15 + i : 200 + i * 37;
    await sql`insert into hr_personnel_file (id, username, depart_id, position_id, entry_date, contract_type,
        contract_start, contract_end, education, school, major, phone, id_number, address, salary_grade,
        emergency_contact, emergency_phone, create_by, create_time, tenant_id, sys_org_code, row_version)
      values (${id}, ${user.username}, ${depart}, ${position},
        current_date - make_interval(years => ${entryYears}, days => ${i * 11}),
        ${i % 6 === 5 ? '2' : '1'}, (current_date - make_interval(years => 3))::date + ${endIn}::int,
        current_date + ${endIn}::int, ${EDUCATION[i % EDUCATION.length]}, ${SCHOOLS[i % SCHOOLS.length]},
        ${MAJORS[i % MAJORS.length]}, ${user.phone},
        ${`3301061990${String((i % 12) + 1).padStart(2, '0')}${String((i % 27) + 1).padStart(2, '0')}${String(100 + i)}${i % 3 === 0 ? 'X' : String(i % 10)}`},
        ${`杭州市${STREETS[i % STREETS.length]}${10 + i * 3}号`}, ${`P${3 + (i % 6)}-${1 + (i % 4)}`},
        ${`${user.realname.slice(0, 1)}家属`}, ${`1390000${String(1000 + i)}`}, 'sunli',
        now() - make_interval(days => ${200 - i}), 1, 'A01A01A02', 0)`.execute(trx);
    await sql`insert into hr_personnel_position (id, file_id, start_date, end_date, depart_id, position_id, note,
        create_by, create_time, tenant_id, row_version)
      values (${seedId(`personnelPosition:${user.username}:0`)}, ${id},
        current_date - make_interval(years => ${entryYears}, days => ${i * 11}), null, ${depart}, ${position},
        '入职至今', 'sunli', now() - make_interval(days => ${200 - i}), 1, 0)`.execute(trx);
    if (i % 4 !== 1 || entryYears < 2) continue;
    const from = departIds.get('A01A04A01') ?? depart;
    await sql`insert into hr_personnel_transfer (id, file_id, change_date, change_type, from_depart, from_position,
        to_depart, to_position, reason, create_by, create_time, tenant_id, row_version)
      values (${seedId(`personnelTransfer:${user.username}`)}, ${id},
        current_date - make_interval(years => ${entryYears - 1}), ${i % 8 === 1 ? '2' : '1'}, ${from},
        ${seedId('position:receptionist')}, ${depart}, ${position}, ${i % 8 === 1 ? '年度考核优秀，晋升' : '工作需要，内部调岗'},
        'sunli', now() - make_interval(days => ${150 - i}), 1, 0)`.execute(trx);
  }
}

async function makeDuties(trx: Db): Promise<void> {
  for (const [i, position] of POSITIONS.entries()) {
    const duty = DUTIES[position.code];
    if (!duty) continue;
    const id = seedId(`positionDuty:${position.code}`);
    const [first, ...later] = duty.versions;
    await sql`insert into hr_position_duty (id, position_id, summary, content, version, create_by, create_time,
        tenant_id, sys_org_code, row_version)
      values (${id}, ${seedId(`position:${position.code}`)}, ${duty.summary}, ${first}, 1, 'wangfang',
        now() - make_interval(days => ${120 - i}), 1, 'A01A01', 0)`.execute(trx);
    // Each later version through an update, so the trigger keeps the one before (who, when).
    for (const [v, content] of later.entries())
      await sql`update hr_position_duty set content = ${content}, update_by = ${v % 2 === 0 ? 'sunli' : 'wangfang'},
          update_time = now() - make_interval(days => ${60 - v * 30 - i}), row_version = row_version + 1
        where id = ${id}`.execute(trx);
  }
}

export async function seedPersonnelDemo(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const taken =
      await sql`delete from sys_seed_pending where name = 'personnel-demo' returning name`.execute(trx);
    if (taken.rows.length === 0) return;
    await makeHrRole(trx);
    await makeFiles(trx);
    await makeDuties(trx);
  });
}
