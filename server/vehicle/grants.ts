/**
 * Who may do what with vehicles (docs/modules/vehicles.md, "Roles"): the administration office
 * (office_admin) every vehicle screen and button; every role 用车申请 and its 新增. The declared
 * screens make their menu and button rows at start, granted to the admin only, so this runs after
 * them (the booking's read code, 查看用车申请, with them). A role gets its set only while it holds none of the set's own rows (the vehicle buttons;
 * the booking menu): an admin's later removal of single rows stays.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { OFFICE_ROLE } from './model.js';

const EVERY_ROLE = ['manager', 'staff', 'analyst'];

type Rows = (alias: string) => RawBuilder<unknown>;

/** Grants `grant` to the role unless it already holds a row of `marker`. */
async function grantOnce(db: Db, roleCode: string, grant: Rows, marker: Rows): Promise<void> {
  await sql`insert into sys_role_permission (role_id, permission_id)
    select r.id, p.id from sys_role r cross join sys_permission p
    where r.role_code = ${roleCode} and p.del_flag = 0 and (${grant('p')})
      and not exists (select 1 from sys_role_permission rp join sys_permission q on q.id = rp.permission_id
        where rp.role_id = r.id and (${marker('q')}))
    on conflict do nothing`.execute(db);
}

const col = (alias: string, name: string) => sql.ref(`${alias}.${name}`);

export async function grantVehicleScreens(db: Db): Promise<void> {
  const vehicleButtons: Rows = (a) => sql`${col(a, 'perms')} like 'vehicle%:%'`;
  await grantOnce(
    db,
    OFFICE_ROLE,
    (a) => sql`${col(a, 'url')} in ('/office', '/office/vehicle') or ${col(a, 'url')} like '/office/vehicle/%'
      or ${vehicleButtons(a)}`,
    vehicleButtons,
  );
  for (const role of EVERY_ROLE)
    await grantOnce(
      db,
      role,
      (a) => sql`${col(a, 'url')} in ('/office', '/office/vehicle', '/office/vehicle/booking')
        or ${col(a, 'perms')} in ('vehicleBooking:add', 'vehicleBooking:list')`,
      (a) => sql`${col(a, 'url')} = '/office/vehicle/booking'`,
    );
}
