import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link, useMatches } from 'react-router-dom';
import { breadcrumbFrom } from '../shell/breadcrumb';

/** The current page's trail, from 每日工作 down the matched routes; the last crumb is not a link. */
export function Breadcrumbs(): React.JSX.Element {
  const matches = useMatches();
  const crumbs = useMemo(() => breadcrumbFrom(matches), [matches]);
  const items = crumbs.map((crumb, index) => ({
    key: `${crumb.path}:${index}`,
    title: index < crumbs.length - 1 ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
  }));
  return <Breadcrumb className="shell-breadcrumb" items={items} />;
}
