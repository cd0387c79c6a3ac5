/**
 * The ERP screen (the contract's cgformErpList): the parent's head list on top; a click on a row
 * selects it and the tabs below show each one-to-many child's rows of that parent. The head list is
 * the standard ListRenderer (its form edits the parent with all its children in one save); the
 * tabs are the inner-table's child lists, scoped to the selected parent. When the selected row
 * reloads with a new version (its form saved), the child lists load again.
 */
import { Alert, Card, Empty, Spin, Tabs } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { manyChildren } from '../../model/declaration/record-checks';
import { useChildModels } from '../children/useChildModels';
import type { Row } from '../data/adapter';
import { ChildList } from '../inner-table/ChildList';
import { ListRenderer } from '../list/ListRenderer';
import type { RendererProps } from '../types';
import './erp.css';

export const ErpTexts = {
  pickRow: '请在上方列表中点击一条记录，查看其明细',
} as const;

export function ErpRenderer(props: RendererProps): React.JSX.Element {
  const declared = useMemo(() => manyChildren(props.model), [props.model]);
  const loaded = useChildModels(declared);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Row | null>(null);
  // The selected row as the list last loaded it; gone from the page (deleted, filtered) = none.
  const follow = useCallback(
    (records: readonly Row[]) => setSelected(records.find((r) => String(r.id) === selectedId) ?? null),
    [selectedId],
  );
  const onRow = useCallback(
    (row: Row) => ({
      onClick: () => {
        setSelectedId(String(row.id));
        setSelected(row);
      },
    }),
    [],
  );
  const rowClassName = useCallback(
    (row: Row) => (String(row.id) === selectedId ? 'zj-erp-row zj-erp-row--selected' : 'zj-erp-row'),
    [selectedId],
  );

  let below: React.JSX.Element;
  if (!loaded) below = <Spin style={{ display: 'block', padding: 24 }} />;
  else if ('error' in loaded)
    below = <Alert type="warning" showIcon title={`页面配置有误：${loaded.error}`} />;
  else if (!selected) below = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ErpTexts.pickRow} />;
  else {
    // Keyed by the row's version: a save of the parent (and its children) shows the new rows.
    const version = `${String(selected.id)}:${String(selected.rowVersion ?? '')}`;
    below = (
      <Tabs
        className="zj-erp-children"
        items={loaded.children.map(({ decl, model }) => ({
          key: decl.entity,
          label: decl.title ?? model.title,
          children: (
            <ChildList
              key={version}
              model={model}
              title="" // the tab already names the table
              scope={{ basePath: model.basePath, foreignKey: decl.foreignKey, parentId: String(selected.id) }}
            />
          ),
        }))}
      />
    );
  }

  return (
    <div className="zj-erp">
      <ListRenderer {...props} onRow={onRow} rowClassName={rowClassName} onRecords={follow} />
      <Card variant="borderless" className="zj-erp-below" style={{ marginTop: 12 }}>
        {below}
      </Card>
    </div>
  );
}
