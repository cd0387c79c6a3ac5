/** 角色授权: the role's menus, buttons and field rules, with its data rules per menu entry. */
import type { PanelProps } from '../../runtime/render';
import { GrantEditor } from './GrantEditor';

export default function RolePermissionPanel({ row, close }: PanelProps): React.JSX.Element {
  return (
    <GrantEditor
      treeUrl="/sys/role/queryTreeList"
      grantedUrl="/sys/permission/queryRolePermission"
      saveUrl="/sys/permission/saveRolePermission"
      ownerKey="roleId"
      ownerId={String(row?.id ?? '')}
      dataRules
      close={close}
    />
  );
}
