import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type PatchRoutesOnNavigationFunction } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH } from '../config';
import { session } from '../session/store';
import { BlankLayout } from '../layouts/BlankLayout';
import { PageLoading } from '../layouts/PageLoading';
import { RootLayout } from '../layouts/RootLayout';
import { RouteError } from '../layouts/RouteError';
import { guardLoader } from './guard-loader';
import type { RouteHandle } from './routes';

/**
 * Route modules load through react-router's `lazy`, so a navigation fetches the layout and the page
 * in parallel (no render waterfall) and the sign-in page never downloads the signed-in shell.
 */
type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

// The shell renders (and so downloads) only once the guard let a signed-in user through: with route
// `lazy` it would load in parallel with the guard even when the guard sends the visitor to sign-in.
const BasicLayout = lazy(() => import('../layouts/BasicLayout'));

const MAIN_ROUTE_ID = 'main';

const title = (value: string): RouteHandle => ({ title: value });

let menuRoutesAdded = false;

/**
 * Adds the menu routes once, on the first navigation after the guard loaded the menu. The code that
 * turns the menu into routes (and the screen registry) is a chunk of the signed-in side.
 */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  if (menuRoutesAdded || !session.menuLoaded) return;
  menuRoutesAdded = true;
  const { menuRouteObjects } = await import('./menu-routes');
  patch(MAIN_ROUTE_ID, menuRouteObjects(session.menu));
};

export function createAppRouter() {
  return createBrowserRouter(
    [
      {
        id: 'root',
        element: <RootLayout />,
        loader: guardLoader,
        shouldRevalidate: () => true,
        HydrateFallback: PageLoading,
        errorElement: <RouteError />,
        children: [
          {
            path: '/user',
            lazy: page(() => import('../layouts/UserLayout')),
            children: [
              { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
              { path: 'login', lazy: page(() => import('../../screens/user/Login')), handle: title('登录') },
              {
                path: 'register',
                lazy: page(() => import('../../screens/user/Register')),
                handle: title('注册'),
              },
              {
                path: 'register-result',
                lazy: page(() => import('../../screens/user/RegisterResult')),
                handle: title('注册结果'),
              },
              {
                path: 'alteration',
                lazy: page(() => import('../../screens/user/Alteration')),
                handle: title('找回密码'),
              },
            ],
          },
          {
            id: MAIN_ROUTE_ID,
            path: '/',
            element: <BasicLayout />,
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              // The result pages (success, error) open inside the shell, as a tab like any page.
              {
                path: '/result/success',
                lazy: page(() => import('../../screens/result/Success')),
                handle: title('成功'),
              },
              {
                path: '/result/error',
                lazy: page(() => import('../../screens/result/Error')),
                handle: title('失败'),
              },
            ],
          },
          {
            // The spec's test area: /test opens its child, home. Standalone like the exception pages.
            path: '/test',
            element: <BlankLayout />,
            children: [
              { index: true, element: <Navigate to="/test/home" replace /> },
              {
                path: 'home',
                lazy: page(() => import('../../screens/test/TestHome')),
                handle: title('测试区'),
              },
            ],
          },
          {
            // The exception pages stand alone (blank layout): they must render even when the shell cannot.
            element: <BlankLayout />,
            children: [
              {
                path: '/403',
                lazy: page(() => import('../../screens/exception/Exception403')),
                handle: title('403'),
              },
              {
                path: '/404',
                lazy: page(() => import('../../screens/exception/Exception404')),
                handle: title('404'),
              },
              {
                path: '/500',
                lazy: page(() => import('../../screens/exception/Exception500')),
                handle: title('500'),
              },
            ],
          },
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ],
    { patchRoutesOnNavigation },
  );
}
