import { useEffect, useMemo } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '../config';
import { buildAppRoutes } from '../router/menu';
import type { AppRoute } from '../router/types';
import { session } from '../session/store';
import { tabForLocation, type TabRouteHandle } from '../shell/tabs-model';
import { addHomeTab, showTab } from '../shell/tabs';
import { KeepAlivePanes } from './KeepAlivePanes';
import { MultiTabBar } from './MultiTabBar';
import { ContentArea } from './PageView';

function isTabHandle(value: unknown): value is TabRouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as TabRouteHandle).title === 'string';
}

function findRoute(routes: readonly AppRoute[], path: string): AppRoute | undefined {
  for (const route of routes) {
    if (route.path === path) return route;
    const inner = findRoute(route.children, path);
    if (inner) return inner;
  }
  return undefined;
}

/** Multipage mode: a tab per opened page (keyed by full path) above the kept-alive pages. */
export function TabLayout(): React.JSX.Element {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const { menu } = useSnapshot(session);
  const home = useMemo(() => findRoute(buildAppRoutes(menu), HOME_PATH), [menu]);

  useEffect(() => {
    // The workbench is the first tab whenever the user's menu has it.
    if (!home) return;
    addHomeTab(
      tabForLocation(HOME_PATH, '', home.id, {
        title: home.title,
        icon: home.icon,
        componentName: home.componentName,
        keepAlive: home.keepAlive,
      }),
    );
  }, [home]);

  const match = [...matches].reverse().find((m) => isTabHandle(m.handle));
  const routeId = match?.id;
  const handle = match && isTabHandle(match.handle) ? match.handle : undefined;
  useEffect(() => {
    if (routeId && handle) showTab(tabForLocation(pathname, search, routeId, handle));
  }, [pathname, search, routeId, handle]);

  return (
    <>
      <MultiTabBar />
      <ContentArea>
        <KeepAlivePanes />
      </ContentArea>
    </>
  );
}
