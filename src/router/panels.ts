import type { PanelEntry } from '../../runtime/render';

/**
 * Hand-made panels that declarations open by name (`actions[].panel.component`): the one-off
 * dialogs a declaration cannot describe, such as the report designer. Each loads on first use.
 */
export const PANELS: readonly PanelEntry[] = [
  { type: 'reportDesigner', load: async () => (await import('../../screens/online/ReportDesigner')).default },
  {
    type: 'reportPreview',
    load: async () => (await import('../../screens/online/ReportPanels')).ReportPreviewPanel,
  },
  {
    type: 'reportExport',
    load: async () => (await import('../../screens/online/ReportPanels')).ReportExportPanel,
  },
  {
    type: 'reportImport',
    load: async () => (await import('../../screens/online/ReportPanels')).ReportImportPanel,
  },
  {
    type: 'reportDataset',
    load: async () => (await import('../../screens/online/ReportDatasetPanel')).default,
  },
  {
    type: 'rolePermission',
    load: async () => (await import('../../screens/system/RolePermissionPanel')).default,
  },
  { type: 'roleUsers', load: async () => (await import('../../screens/system/RoleUsersPanel')).default },
  {
    type: 'departPermission',
    load: async () => (await import('../../screens/system/DepartPermissionPanel')).default,
  },
  { type: 'departRoles', load: async () => (await import('../../screens/system/DepartRolesPanel')).default },
  {
    type: 'permissionDataRules',
    load: async () => (await import('../../screens/system/PermissionDataRulesPanel')).default,
  },
  // The online form designer (docs/modules/online-forms.md).
  { type: 'cgformEditor', load: async () => (await import('../../screens/online/CgformEditor')).default },
  { type: 'cgformVersions', load: async () => (await import('../../screens/online/CgformVersions')).default },
  { type: 'documentFiles', load: async () => (await import('../../screens/document/DocumentFiles')).default },
  // Flows (docs/modules/workflow.md): bpmn-js and its CSS load with these panels only.
  { type: 'flowModeler', load: async () => (await import('../../screens/workflow/FlowModeler')).default },
  { type: 'flowDiagram', load: async () => (await import('../../screens/workflow/FlowDiagram')).default },
  {
    type: 'flowDefinitionDiagram',
    load: async () => (await import('../../screens/workflow/DefinitionDiagram')).default,
  },
];
