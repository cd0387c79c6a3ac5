import type { ComponentType } from 'react';
import type { PanelProps } from '../../runtime/render';
import type { PanelType } from './panel-types';

/**
 * Hand-made panels that declarations open by name (`actions[].panel.component`): the one-off
 * dialogs a declaration cannot describe, such as the report designer. This file loads with the first
 * panel opened (the shell holds only the names, ./panel-types.ts), and each panel on its first use:
 * bpmn-js, frappe-gantt and the report designer's editors come with their panels only.
 */
const LOADERS: Readonly<Record<PanelType, () => Promise<ComponentType<PanelProps>>>> = {
  reportDesigner: async () => (await import('../../screens/online/ReportDesigner')).default,
  reportPreview: async () => (await import('../../screens/online/ReportPanels')).ReportPreviewPanel,
  reportExport: async () => (await import('../../screens/online/ReportPanels')).ReportExportPanel,
  reportImport: async () => (await import('../../screens/online/ReportPanels')).ReportImportPanel,
  reportDataset: async () => (await import('../../screens/online/ReportDatasetPanel')).default,
  rolePermission: async () => (await import('../../screens/system/RolePermissionPanel')).default,
  roleUsers: async () => (await import('../../screens/system/RoleUsersPanel')).default,
  departPermission: async () => (await import('../../screens/system/DepartPermissionPanel')).default,
  departRoles: async () => (await import('../../screens/system/DepartRolesPanel')).default,
  permissionDataRules: async () => (await import('../../screens/system/PermissionDataRulesPanel')).default,
  cgformEditor: async () => (await import('../../screens/online/CgformEditor')).default,
  cgformVersions: async () => (await import('../../screens/online/CgformVersions')).default,
  cgformBundle: async () => (await import('../../screens/online/CgformBundle')).default,
  documentFiles: async () => (await import('../../screens/document/DocumentFiles')).default,
  documentPowerTree: async () => (await import('../../screens/document/PowerTree')).default,
  flowModeler: async () => (await import('../../screens/workflow/FlowModeler')).default,
  flowDiagram: async () => (await import('../../screens/workflow/FlowDiagram')).default,
  flowApprove: async () => (await import('../../screens/workflow/FlowApprove')).default,
  flowReturn: async () => (await import('../../screens/workflow/FlowReturn')).default,
  planGantt: async () => (await import('../../screens/project/PlanGantt')).default,
  planImport: async () => (await import('../../screens/project/PlanImport')).default,
  flowDefinitionDiagram: async () => (await import('../../screens/workflow/DefinitionDiagram')).default,
};

export function loadPanel(type: PanelType): Promise<ComponentType<PanelProps>> {
  return LOADERS[type]();
}
