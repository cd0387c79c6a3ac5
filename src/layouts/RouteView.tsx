import { Outlet } from 'react-router-dom';

/** 'layouts/RouteView': a menu parent that renders its child route. */
export function RouteView(): React.JSX.Element {
  return <Outlet />;
}
