/** A node of the server menu tree (GET /sys/permission/getUserPermissionByToken, result.menu), as read. */
export type { RouteNodeReading as RouteNode } from '../../runtime/model/contract/menu';

/** A route the shell registers, derived from a RouteNode by buildAppRoutes. */
export interface AppRoute {
  id: string;
  path: string;
  name: string;
  component: string;
  title: string;
  redirect?: string;
  hidden: boolean;
  keepAlive: boolean;
  componentName?: string;
  icon?: string;
  children: AppRoute[];
}
