import { Navigate, type RouteObject } from 'react-router-dom';
import { RouteError } from '../layouts/RouteError';
import { resolveScreen } from './components';
import type { AppRoute } from './types';

/** Route handle: what the title, breadcrumb and (later) tabs read from a matched route. */
export interface RouteHandle {
  title: string;
  componentName?: string;
  keepAlive?: boolean;
  icon?: string;
  /**
   * The menu ancestors of a route lifted to the top level (its path is not under its parent's, as a
   * report's /online/cgreport/<id> under 统计分析): the breadcrumb shows them before its title.
   */
  trail?: { title: string; path: string }[];
}

function ScreenElement({ route }: { route: AppRoute }): React.JSX.Element {
  const Screen = resolveScreen(route.component);
  return <Screen title={route.title} componentKey={route.component} />;
}

function isUnder(parent: string, child: string): boolean {
  return parent !== '/' && child.startsWith(`${parent}/`);
}

function defaultChild(route: AppRoute): string | undefined {
  if (route.redirect && route.redirect !== route.path) return route.redirect;
  if (route.children.length === 0) return undefined;
  return (route.children.find((child) => !child.hidden) ?? route.children[0]).path;
}

/**
 * Menu routes -> react-router objects, all absolute paths. A child nests under its parent when its
 * path lies under the parent's; otherwise react-router would reject it, so it is lifted to the top
 * level (the basic layout) where it still matches its own path.
 */
export function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const top: RouteObject[] = [];
  type Crumbs = NonNullable<RouteHandle['trail']>;
  const convert = (route: AppRoute, ancestors: Crumbs, lifted: boolean): RouteObject => {
    const nested: RouteObject[] = [];
    const below = [...ancestors, { title: route.title, path: route.path }];
    for (const child of route.children) {
      const under = isUnder(route.path, child.path);
      const object = convert(child, below, !under);
      if (under) nested.push(object);
      else top.push(object);
    }
    const handle: RouteHandle = {
      title: route.title,
      componentName: route.componentName,
      keepAlive: route.keepAlive,
      icon: route.icon,
      ...(lifted && ancestors.length > 0 ? { trail: ancestors } : {}),
    };
    const target = defaultChild(route);
    if (target && nested.length + route.children.length > 0) {
      nested.unshift({ index: true, element: <Navigate to={target} replace /> });
    }
    // A childless node that redirects elsewhere is a pure alias.
    const alias = route.children.length === 0 && route.redirect && route.redirect !== route.path;
    return {
      id: `menu:${route.id}:${route.path}`,
      path: route.path,
      handle,
      element: alias ? <Navigate to={route.redirect ?? '/'} replace /> : <ScreenElement route={route} />,
      children: nested.length > 0 ? nested : undefined,
    };
  };
  for (const route of routes) top.push(convert(route, [], false));
  // A failing screen shows its error inside the layout instead of replacing the whole page.
  return top.map((object) => ({ ...object, errorElement: <RouteError compact /> }));
}
