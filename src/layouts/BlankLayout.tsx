import { Outlet } from 'react-router-dom';

/** The blank layout: the page alone, no menu, header or tabs (exception pages, full-screen views). */
export function BlankLayout(): React.JSX.Element {
  return <Outlet />;
}
