import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { feedback } from '../feedback';
import { loadPermissions, signOut } from '../session/actions';
import { hasToken, session } from '../session/store';
import { decideNavigation, loginRedirect } from './guard';

/**
 * The root loader runs on every navigation (shouldRevalidate: true) and applies the guard. When the
 * menu is missing it loads it and redirects to the same URL: the new navigation no longer matches
 * only the catch-all, so patchRoutesOnNavigation adds the menu routes and matching succeeds.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname, search, hash } = new URL(request.url);
  const decision = decideNavigation({
    pathname,
    search,
    hasToken: hasToken(),
    menuLoaded: session.menuLoaded,
  });
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'redirect') throw redirect(decision.to);
  try {
    await loadPermissions();
  } catch {
    // Expired token, server down, or an empty menu: start over at sign-in, keeping the target.
    feedback().notification.error({ title: '系统提示', description: '请求用户信息失败，请重新登录！' });
    await signOut();
    throw redirect(loginRedirect(pathname, search));
  }
  throw redirect(`${pathname}${search}${hash}`);
}
