/**
 * 部门权限: what a department holds, the pool its department roles are granted from. Taking a row
 * away from the department takes it from its roles too (the server does).
 */
import type { PanelProps } from '../../runtime/render';
import { GrantEditor } from './GrantEditor';

export default function DepartPermissionPanel({ row, close }: PanelProps): React.JSX.Element {
  return (
    <GrantEditor
      treeUrl="/sys/permission/queryTreeList"
      grantedUrl="/sys/permission/queryDepartPermission"
      saveUrl="/sys/permission/saveDepartPermission"
      ownerKey="departId"
      ownerId={String(row?.id ?? '')}
      close={close}
    />
  );
}
