/**
 * The menu tree of GET /sys/permission/getUserPermissionByToken (contract section 3), shared by the
 * server that writes it and the browser that reads it.
 */
export interface RouteMeta {
  title: string;
  /** An @ant-design/icons component name such as 'HomeOutlined'. */
  icon?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName: string;
  url?: string;
  hideTab?: boolean;
}

/** A route node exactly as the server writes it. */
export interface RouteNode {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** '0': shown in the menu only, never registered as a route. */
  route: '1' | '0';
  children?: RouteNode[];
  meta: RouteMeta;
}

/**
 * What a reader may rely on: the flags default when absent (older servers omit them), so the
 * browser reads this looser shape of the same node.
 */
export type RouteNodeReading = Omit<RouteNode, 'route' | 'children' | 'meta'> & {
  route?: RouteNode['route'];
  children?: readonly RouteNodeReading[];
  meta: Pick<RouteMeta, 'title'> & Partial<RouteMeta>;
};
