import { describe, expect, it } from 'vitest';
import { decideNavigation, isOpenPath, loginRedirect, safeRedirect } from '../../src/router/guard';
import { documentTitle } from '../../src/router/title';

const signedOut = { hasToken: false, menuLoaded: false, search: '' };
const signedIn = { hasToken: true, menuLoaded: true, search: '' };

describe('decideNavigation', () => {
  it('lets a signed-out visitor open only the four open pages', () => {
    for (const pathname of ['/user/login', '/user/register', '/user/register-result', '/user/alteration']) {
      expect(decideNavigation({ ...signedOut, pathname })).toEqual({ kind: 'allow' });
    }
    expect(decideNavigation({ ...signedOut, pathname: '/404' }).kind).toBe('redirect');
  });

  it('sends a signed-out visitor to sign-in with the full path and query', () => {
    expect(decideNavigation({ ...signedOut, pathname: '/HomePage/index', search: '?x=1' })).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2FHomePage%2Findex%3Fx%3D1',
    });
    expect(decideNavigation({ ...signedOut, pathname: '/' })).toEqual({
      kind: 'redirect',
      to: '/user/login',
    });
    expect(decideNavigation({ ...signedOut, pathname: '/user' })).toEqual({
      kind: 'redirect',
      to: '/user/login',
    });
  });

  it('sends a signed-in user from /user/login to the workbench', () => {
    expect(decideNavigation({ ...signedIn, pathname: '/user/login' })).toEqual({
      kind: 'redirect',
      to: '/HomePage/index',
    });
    expect(decideNavigation({ ...signedIn, pathname: '/user/login/' }).kind).toBe('redirect');
  });

  it('asks for the menu once signed in without one, then allows', () => {
    expect(decideNavigation({ ...signedIn, menuLoaded: false, pathname: '/project/list' })).toEqual({
      kind: 'load-menu',
    });
    expect(decideNavigation({ ...signedIn, pathname: '/project/list' })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...signedIn, menuLoaded: false, pathname: '/user/register' })).toEqual({
      kind: 'allow',
    });
  });
});

describe('redirect helpers', () => {
  it('recognises open paths with or without a trailing slash', () => {
    expect(isOpenPath('/user/register/')).toBe(true);
    expect(isOpenPath('/user/registered')).toBe(false);
  });

  it('builds the sign-in URL', () => {
    expect(loginRedirect('/a/b', '?c=d&e=f')).toBe('/user/login?redirect=%2Fa%2Fb%3Fc%3Dd%26e%3Df');
    expect(loginRedirect('/user/login', '')).toBe('/user/login');
  });

  it('only follows local redirects outside the sign-in pages', () => {
    expect(safeRedirect('/HomePage/index?x=1')).toBe('/HomePage/index?x=1');
    expect(safeRedirect(null)).toBe('/HomePage/index');
    expect(safeRedirect('https://evil.example')).toBe('/HomePage/index');
    expect(safeRedirect('//evil.example/x')).toBe('/HomePage/index');
    expect(safeRedirect('/\\evil.example')).toBe('/HomePage/index');
    expect(safeRedirect('/user/login?redirect=/x')).toBe('/HomePage/index');
  });
});

describe('documentTitle', () => {
  it('is the platform name on the home page and "<title> · <platform>" elsewhere', () => {
    expect(documentTitle('/HomePage/index', '工作台')).toBe('智慧接待平台');
    expect(documentTitle('/workOrder/list', '全部工单')).toBe('全部工单 · 智慧接待平台');
    expect(documentTitle('/somewhere', undefined)).toBe('智慧接待平台');
  });
});
