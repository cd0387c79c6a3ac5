/**
 * The inner-table screen (the contract's cgformInnerTableList): the head list of the parent whose
 * rows expand to show each declared child's own list, filtered by the foreign key. The head list
 * is the standard ListRenderer, given only its rows' expansion, so query, toolbar, permissions and
 * the parent's modals stay the one implementation.
 */
import { Alert, Spin, Tabs, type TableProps } from 'antd';
import { useMemo } from 'react';
import { useChildModels, type ChildModels } from '../children/useChildModels';
import type { Row } from '../data/adapter';
import { ListRenderer } from '../list/ListRenderer';
import type { RendererProps } from '../types';
import { ChildList } from './ChildList';

function ExpandedChildren({ parent, loaded }: { parent: Row; loaded: ChildModels }): React.JSX.Element {
  if (!loaded) return <Spin style={{ display: 'block', padding: 16 }} />;
  if ('error' in loaded) return <Alert type="warning" showIcon title={`页面配置有误：${loaded.error}`} />;
  const lists = loaded.children.map(({ decl, model }) => ({
    key: decl.entity,
    label: decl.title ?? model.title,
    children: (
      <ChildList
        model={model}
        title={decl.title ?? model.title}
        scope={{ basePath: model.basePath, foreignKey: decl.foreignKey, parentId: String(parent.id) }}
      />
    ),
  }));
  // One child needs no tabs; several share the row as tabs, each list loading when it is opened.
  if (lists.length === 1) return <div className="zj-inner-table__children">{lists[0]?.children}</div>;
  return <Tabs className="zj-inner-table__children" size="small" destroyOnHidden items={lists} />;
}

export function InnerTableRenderer(props: RendererProps): React.JSX.Element {
  const children = props.model.declaration.children;
  const declared = useMemo(() => children ?? [], [children]);
  const loaded = useChildModels(declared);
  const expandable = useMemo<TableProps<Row>['expandable']>(
    () => ({
      rowExpandable: () => declared.length > 0,
      expandedRowRender: (row) => <ExpandedChildren parent={row} loaded={loaded} />,
    }),
    [declared, loaded],
  );
  return <ListRenderer {...props} expandable={expandable} />;
}
