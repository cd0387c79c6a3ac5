import { Activity, Suspense, useContext, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useOutlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { tabKey, type TabPage } from '../shell/tabs-model';
import { tabs } from '../shell/tabs';
import { PageLoading } from './PageLoading';

type LocationContextValue = React.ContextType<typeof UNSAFE_LocationContext>;

interface Pane {
  element: ReactNode;
  /** The location the page was rendered at: a hidden page keeps seeing its own URL, not the active one. */
  location: LocationContextValue;
}

function keptAlive(page: TabPage | undefined, cachedRoutes: readonly string[]): boolean {
  return Boolean(page?.keepAlive && page.componentName && cachedRoutes.includes(page.componentName));
}

/**
 * The pages of the open tabs. The active one shows; a page whose route asks for keepAlive (with a
 * componentName in CACHE_INCLUDED_ROUTES) stays mounted but hidden (<Activity>: state kept, effects
 * paused) until its tab comes back; other pages unmount when left. 刷新 bumps the page's generation,
 * which remounts it.
 */
export function KeepAlivePanes(): React.JSX.Element {
  const outlet = useOutlet();
  const locationContext = useContext(UNSAFE_LocationContext);
  const { pathname, search } = useLocation();
  const { pages, generations, cachedRoutes } = useSnapshot(tabs);
  const activeKey = tabKey(pathname, search);
  const panesRef = useRef<Map<string, Pane> | null>(null);
  panesRef.current ??= new Map();
  const panes = panesRef.current;

  panes.set(activeKey, { element: outlet, location: locationContext });
  for (const key of [...panes.keys()]) {
    const page = pages.find((p) => p.key === key);
    if (key !== activeKey && !keptAlive(page, cachedRoutes)) panes.delete(key);
  }

  return (
    <>
      {[...panes.entries()].map(([key, pane]) => (
        <Activity key={`${key}#${generations[key] ?? 0}`} mode={key === activeKey ? 'visible' : 'hidden'}>
          <UNSAFE_LocationContext.Provider value={pane.location}>
            <div className="shell-pane" data-tab={key}>
              <Suspense fallback={<PageLoading fullscreen={false} />}>{pane.element}</Suspense>
            </div>
          </UNSAFE_LocationContext.Provider>
        </Activity>
      ))}
    </>
  );
}
