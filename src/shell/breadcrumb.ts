import { BREADCRUMB_ROOT } from '../config';

export interface Crumb {
  title: string;
  path: string;
}

interface MatchLike {
  pathname: string;
  handle: unknown;
}

function trailOf(handle: unknown): Crumb[] {
  if (typeof handle !== 'object' || handle === null) return [];
  const trail = (handle as { trail?: unknown }).trail;
  return Array.isArray(trail) ? (trail as Crumb[]) : [];
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
    // A route lifted out of its menu parent brings the parent's titles along.
    for (const crumb of trailOf(match.handle))
      if (crumb.title !== crumbs[crumbs.length - 1].title) crumbs.push({ ...crumb });
    const title = titleOf(match.handle);
    if (!title || title === crumbs[crumbs.length - 1].title) continue;
    crumbs.push({ title, path: match.pathname });
  }
  return crumbs;
}
