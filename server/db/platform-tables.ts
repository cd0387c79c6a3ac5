import { StartRefused } from '../start-refused.js';

/**
 * The platform's own tables: every table a migration creates, whatever its prefix, and the
 * migrator's bookkeeping. Hand-written modules (workflow, sessions, permissions, reports, the
 * designer itself ...) read and write them, so a declaration must never take one over and alter it
 * (issue 31, server/entity/table-rule.ts). A list in code rather than a snapshot taken at start:
 * a snapshot cannot tell, on a database migrated long ago, a migration's table from one a
 * declaration or a person made. tests/server/platform-tables.test.ts runs every migration on an
 * empty database and fails when a migration adds a table this list does not name.
 */
export const PLATFORM_TABLES: ReadonlySet<string> = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'biz_demand_circulation',
  'biz_meeting_attendance',
  'biz_project_permission',
  'oa_mail_box',
  'onl_cgform_head',
  'onl_cgform_version',
  'onl_cgreport_head',
  'onl_cgreport_item',
  'onl_cgreport_param',
  'sys_announcement',
  'sys_announcement_send',
  'sys_captcha',
  'sys_check_rule',
  'sys_config',
  'sys_data_source',
  'sys_declaration',
  'sys_depart',
  'sys_depart_permission',
  'sys_depart_role',
  'sys_depart_role_permission',
  'sys_depart_role_user',
  'sys_dict',
  'sys_dict_item',
  'sys_fill_rule',
  'sys_fill_rule_counter',
  'sys_gateway_route',
  'sys_log',
  'sys_login_failure',
  'sys_mail_list',
  'sys_permission',
  'sys_permission_data_rule',
  'sys_position',
  'sys_quartz_job',
  'sys_quartz_job_log',
  'sys_report_key',
  'sys_report_table',
  'sys_role',
  'sys_role_permission',
  'sys_seed_pending',
  'sys_session',
  'sys_sms_code',
  'sys_tenant',
  'sys_transit_target',
  'sys_upload',
  'sys_urge',
  'sys_user',
  'sys_user_depart',
  'sys_user_role',
  'sys_version',
  'sys_version_reminder',
  'sys_wechat_bind_state',
  'wf_copy',
  'wf_definition',
  'wf_exception_handle',
  'wf_failure',
  'wf_history',
  'wf_instance',
  'wf_model',
  'wf_task',
  'wf_timer',
  'wf_urge',
]);

const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** A setting the operator must correct; the start stops with its message (server/main.ts). */
export class AdoptableTablesError extends StartRefused {}

/**
 * ADOPTABLE_TABLES: the comma list of existing tables (made by hand or an older system) that a
 * declaration may adopt. Empty by default. A platform table or a malformed name is refused, so an
 * operator never believes a table is open to the designer when it is not.
 */
export function parseAdoptableTables(value: string | undefined): string[] {
  const names = (value ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!TABLE_NAME.test(name))
      throw new AdoptableTablesError(
        `ADOPTABLE_TABLES: "${name}" is not a table name (^[a-z][a-z0-9_]{0,62}$)`,
      );
    if (PLATFORM_TABLES.has(name))
      throw new AdoptableTablesError(
        `ADOPTABLE_TABLES: "${name}" is one of the platform's own tables (made by a migration) and can never be adopted`,
      );
  }
  return [...new Set(names)];
}
