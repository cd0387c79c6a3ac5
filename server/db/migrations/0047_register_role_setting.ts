import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * 系统配置 `register.defaultRole` (issue 30): the role a self-registered account (注册) gets. Empty,
 * as shipped, means none: an account anyone can make through the public page reads nothing until
 * an admin gives it a role; an admin who wants the old behaviour writes a role code (e.g. staff).
 * Values are written out here, not imported: a shipped migration never changes.
 */
export const registerRoleSetting: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`insert into sys_config (id, config_key, config_name, config_value, config_type, description,
        create_by, create_time)
      values (${seedId('config:register.defaultRole')}, 'register.defaultRole', '注册用户默认角色', '', 'string',
        '自助注册的账号获得的角色编码（如 staff）；留空则不授予任何角色，由管理员分配', 'admin', now())
      on conflict (config_key) do nothing`.execute(db);
  },
};
