import type { RouteObject } from 'react-router-dom';
import { buildAppRoutes } from './menu';
import { toRouteObjects } from './routes';
import type { RouteNode } from './types';

/** The server menu as react-router routes (loaded after sign-in only). */
export function menuRouteObjects(menu: readonly RouteNode[]): RouteObject[] {
  return toRouteObjects(buildAppRoutes(menu));
}
