/**
 * Navigation for code outside React's tree (the declaration engine's runtime is created once, before
 * any screen): the app's router registers itself here; before it has, a page load does the job.
 */
type Navigate = (path: string) => void;

let current: Navigate | null = null;

export function setAppNavigate(navigate: Navigate | null): void {
  current = navigate;
}

export function appNavigate(path: string): void {
  if (current) current(path);
  else window.location.assign(path);
}
