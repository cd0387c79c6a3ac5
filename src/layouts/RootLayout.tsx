import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { documentTitle } from '../router/title';
import type { RouteHandle } from '../router/routes';
import { PageLoading } from './PageLoading';

function isHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** The root route: keeps the document title in step with the deepest matched route. */
export function RootLayout(): React.JSX.Element {
  const matches = useMatches();
  const { pathname } = useLocation();
  const pageTitle = [...matches].reverse().find((match) => isHandle(match.handle))?.handle as
    RouteHandle | undefined;
  const title = documentTitle(pathname, pageTitle?.title);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
