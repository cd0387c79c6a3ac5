import { HOME_PATH, PLATFORM_NAME } from '../config';

/** Document title (spec section 2): the platform name on the home page, else '<title> · <platform>'. */
export function documentTitle(pathname: string, pageTitle: string | undefined): string {
  if (pathname === HOME_PATH || pathname === '/' || !pageTitle) return PLATFORM_NAME;
  return `${pageTitle} · ${PLATFORM_NAME}`;
}
