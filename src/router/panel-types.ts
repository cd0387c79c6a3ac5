/**
 * The names of the hand-made panels declarations may open; their code is in ./panels.ts, loaded with
 * the first panel opened. A name here without a loader there (or the reverse) fails the typecheck.
 */
export const PANEL_TYPES = [
  'reportDesigner',
  'reportPreview',
  'reportExport',
  'reportImport',
  'reportDataset',
  'rolePermission',
  'roleUsers',
  'departPermission',
  'departRoles',
  'permissionDataRules',
  'cgformEditor',
  'cgformVersions',
  'cgformBundle',
  'documentFiles',
  'documentPowerTree',
  'flowModeler',
  'flowDiagram',
  'flowApprove',
  'flowReturn',
  'planGantt',
  'planImport',
  'flowDefinitionDiagram',
] as const;

export type PanelType = (typeof PANEL_TYPES)[number];
