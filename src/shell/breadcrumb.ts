import { BREADCRUMB_ROOT } from '../config';

export interface Crumb {
  title: string;
  path: string;
}

interface MatchLike {
  pathname: string;
  handle: unknown;
}

function titleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const title = (handle as { title?: unknown }).title;
  return typeof title === 'string' && title ? title : undefined;
}

/**
 * The breadcrumb of the current page (spec section 2): 每日工作 (the workbench) first, then every
 * matched route that has a title. A title equal to the one before it is dropped, so the workbench's
 * own 每日工作 group does not show twice.
 */
export function breadcrumbFrom(matches: readonly MatchLike[]): Crumb[] {
  const crumbs: Crumb[] = [{ ...BREADCRUMB_ROOT }];
  for (const match of matches) {
    const title = titleOf(match.handle);
    if (!title || title === crumbs[crumbs.length - 1].title) continue;
    crumbs.push({ title, path: match.pathname });
  }
  return crumbs;
}
