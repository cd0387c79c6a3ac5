import { Layout } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Breadcrumbs } from './Breadcrumbs';
import { PageLoading } from './PageLoading';

/** The working area: breadcrumb, then the page; 1200px wide in the Fixed top-menu layout. */
export function ContentArea({ children }: { children: ReactNode }): React.JSX.Element {
  return (
    <Layout.Content className="shell-content">
      <div className="shell-content__inner">
        <Breadcrumbs />
        {children}
      </div>
    </Layout.Content>
  );
}

/** Single-page mode (phones, or multipage switched off): only the current page, nothing kept. */
export function PageView(): React.JSX.Element {
  return (
    <ContentArea>
      <Suspense fallback={<PageLoading fullscreen={false} />}>
        <Outlet />
      </Suspense>
    </ContentArea>
  );
}
