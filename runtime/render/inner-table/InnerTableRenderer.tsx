/**
 * The inner-table screen (the contract's cgformInnerTableList): the head list of the parent whose
 * rows expand to show each declared child's own list, filtered by the foreign key. The head list
 * is the standard ListRenderer, given only its rows' expansion, so query, toolbar, permissions and
 * the parent's modals stay the one implementation.
 */
import { Alert, Spin, Tabs, type TableProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import type { ChildDecl } from '../../model/declaration/types';
import type { Row } from '../data/adapter';
import { loadEntityModel } from '../declarations';
import { ListRenderer } from '../list/ListRenderer';
import type { RendererProps } from '../types';
import { declarationFileOf } from './child-scope';
import { ChildList } from './ChildList';

interface LoadedChild {
  decl: ChildDecl;
  model: EntityModel;
}

type ChildModels = { children: LoadedChild[] } | { error: string } | null;

/** The children's models, loaded once for the screen (every expanded row uses the same ones). */
function useChildModels(children: readonly ChildDecl[]): ChildModels {
  const [state, setState] = useState<ChildModels>(null);
  useEffect(() => {
    let live = true;
    Promise.all(
      children.map(async (decl) => {
        const model = await loadEntityModel(declarationFileOf(decl.entity));
        if (model.name !== decl.entity) throw new Error(`no declaration named "${decl.entity}"`);
        return { decl, model };
      }),
    ).then(
      (loaded) => live && setState({ children: loaded }),
      (error: unknown) => live && setState({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [children]);
  return state;
}

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
