import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { foundation } from './migrations/0001_foundation.js';
import { versions } from './migrations/0004_versions.js';
import { declarations } from './migrations/0002_declarations.js';
import { entityExtras } from './migrations/0005_entity_extras.js';
import { notices } from './migrations/0006_notices.js';
import { dataRules } from './migrations/0007_data_rules.js';
import { departRoles } from './migrations/0009_depart_roles.js';
import { logs } from './migrations/0010_logs.js';
import { adminConfig } from './migrations/0011_admin_config.js';
import { demoState } from './migrations/0012_demo_state.js';
import { reports } from './migrations/0013_reports.js';
import { wechatBind } from './migrations/0014_wechat_bind.js';
import { workOrderMenus } from './migrations/0015_workorder_menus.js';
import { planAndOrderButtons } from './migrations/0016_plan_and_order_buttons.js';
import { todoCenter } from './migrations/0017_todo_center.js';
import { meetings } from './migrations/0018_meetings.js';
import { quartzJobs } from './migrations/0019_quartz_jobs.js';
import { dailyWork } from './migrations/0022_daily_work.js';
import { documents } from './migrations/0021_documents.js';
import { workflow } from './migrations/0023_workflow.js';
import { onlineForms } from './migrations/0025_online_forms.js';
import { workflowAdmin } from './migrations/0024_workflow_admin.js';
import { evaluations } from './migrations/0026_evaluations.js';
import { projects } from './migrations/0027_projects.js';
import { permissionLookups } from './migrations/0028_permission_lookups.js';
import { meetingFollowUps } from './migrations/0029_meeting_follow_ups.js';
import { workflowTaskActions } from './migrations/0030_workflow_task_actions.js';
import { approvalsOfficeSupplies } from './migrations/0031_approvals_office_supplies.js';
import { mailPersonnel } from './migrations/0032_mail_personnel.js';
import { meetingAttendance } from './migrations/0033_meeting_attendance.js';
import { projectPlans } from './migrations/0034_project_plans.js';
import { projectStages } from './migrations/0040_project_stages.js';
import { officeEquipment } from './migrations/0036_office_equipment.js';
import { vehicles } from './migrations/0037_vehicles.js';
import { documentPowerInheritance } from './migrations/0041_document_power_inheritance.js';
import { workflowTimers } from './migrations/0038_workflow_timers.js';
import { workflowServices } from './migrations/0043_workflow_services.js';
import { taskStatusSuspended } from './migrations/0042_task_status_suspended.js';
import { projectPermissions } from './migrations/0045_project_permissions.js';
import { workflowUrgeCopy } from './migrations/0044_workflow_urge_copy.js';
import { userTenants } from './migrations/0046_user_tenants.js';
import { registerRoleSetting } from './migrations/0047_register_role_setting.js';
import { reportWalls } from './migrations/0048_report_walls.js';
import { uploadOwners } from './migrations/0049_upload_owners.js';
import { noticeCategorySender } from './migrations/0050_notice_category_sender.js';
import { uploadNames } from './migrations/0051_upload_names.js';
import { projectTasks } from './migrations/0052_project_tasks.js';

/**
 * Versioned migrations, applied in name order; a name once shipped never changes. Work done in
 * parallel can land a lower number after a higher one ran, so unordered migrations are allowed:
 * each still runs exactly once.
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0004_versions': versions,
  '0002_declarations': declarations,
  '0005_entity_extras': entityExtras,
  '0006_notices': notices,
  '0007_data_rules': dataRules,
  '0009_depart_roles': departRoles,
  '0010_logs': logs,
  '0011_admin_config': adminConfig,
  '0012_demo_state': demoState,
  '0013_reports': reports,
  '0014_wechat_bind': wechatBind,
  '0015_workorder_menus': workOrderMenus,
  '0016_plan_and_order_buttons': planAndOrderButtons,
  '0017_todo_center': todoCenter,
  '0018_meetings': meetings,
  '0019_quartz_jobs': quartzJobs,
  '0021_documents': documents,
  '0022_daily_work': dailyWork,
  '0023_workflow': workflow,
  '0027_projects': projects,
  '0025_online_forms': onlineForms,
  '0024_workflow_admin': workflowAdmin,
  '0026_evaluations': evaluations,
  '0028_permission_lookups': permissionLookups,
  '0029_meeting_follow_ups': meetingFollowUps,
  '0030_workflow_task_actions': workflowTaskActions,
  '0031_approvals_office_supplies': approvalsOfficeSupplies,
  '0032_mail_personnel': mailPersonnel,
  '0033_meeting_attendance': meetingAttendance,
  '0034_project_plans': projectPlans,
  '0036_office_equipment': officeEquipment,
  '0037_vehicles': vehicles,
  '0038_workflow_timers': workflowTimers,
  '0040_project_stages': projectStages,
  '0041_document_power_inheritance': documentPowerInheritance,
  '0042_task_status_suspended': taskStatusSuspended,
  '0043_workflow_services': workflowServices,
  '0045_project_permissions': projectPermissions,
  '0044_workflow_urge_copy': workflowUrgeCopy,
  '0046_user_tenants': userTenants,
  '0047_register_role_setting': registerRoleSetting,
  '0048_report_walls': reportWalls,
  '0049_upload_owners': uploadOwners,
  '0050_notice_category_sender': noticeCategorySender,
  '0051_upload_names': uploadNames,
  '0052_project_tasks': projectTasks,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
