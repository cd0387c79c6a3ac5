/**
 * The head list view: query form, toolbar, table, and the add / edit / detail modals. All state and
 * decisions live in useListController; this file only draws them and asks for confirmation.
 */
import { tablePaging } from './table-paging';
import { Empty, Table, type TableProps } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { TransitionModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import { useImportExport } from '../import-export/useImportExport';
import { fieldHidden } from '../permissions';
import { mostTransitionsAtOnce } from '../transitions/row-transitions';
import { browserStorage, currentRoute } from '../query-builder/saved-queries';
import { superQueryFields } from '../query-builder/super-query';
import type { RendererProps, Result } from '../types';
import { readHiddenColumns, shownColumns, writeHiddenColumns } from './column-settings';
import { ListToolbar } from './ListToolbar';
import { QueryForm } from './QueryForm';
import { declaredRowActions, MAX_INLINE, RowActions } from './RowActions';
import { queryFields } from './query-params';
import { tableColumns } from './table-columns';
import { useListController } from './useListController';
import { useRecordDialogs } from './record-dialogs';
import { useActionHost } from '../actions/useActionHost';
import { useDictTexts } from '../data/dict-texts';
import { isPlaceholder } from '../tree/tree-rows';
import { useTreeChildren } from '../tree/useTreeChildren';
import { localToday, withRowMarks } from './row-marks';
import { ListChart } from './ListChart';
import './list-panel.css';

// The import dialog loads when first opened, not with the list.
const ImportModal = lazy(() =>
  import('../import-export/ImportModal').then((m) => ({ default: m.ImportModal })),
);

export const ListMessages = {
  selectOne: '请选择一条记录！',
  copyOne: '请选择一条要复制的记录！',
  batchTitle: '确认删除',
  batchContent: '是否删除选中数据?',
  empty: '暂无数据',
} as const;

export interface ListRendererProps extends RendererProps {
  /** A tree entity: roots from rootList, children loaded on expand. */
  tree?: boolean;
  /** Expandable rows of a non-tree list (the inner-table screen shows each row's children). */
  expandable?: TableProps<Row>['expandable'];
  /** Row events and classes (the ERP screen selects the row whose children it shows). */
  onRow?: TableProps<Row>['onRow'];
  rowClassName?: TableProps<Row>['rowClassName'];
  /** Told the page's rows each time they load (the ERP screen follows its selected row). */
  onRecords?(records: readonly Row[]): void;
}

export function ListRenderer(props: ListRendererProps): React.JSX.Element {
  const { model, tree = false, expandable, onRecords } = props;
  const runtime = useRuntime();
  const list = useListController(model, tree ? 'rootList' : 'list');
  const nodes = useTreeChildren(model, list.records, tree, list.select);
  const { feedback } = runtime;
  const dialogs = useRecordDialogs(model, list.refresh, tree ? nodes.added : undefined);
  const actions = useActionHost(model, list.refresh);
  const [importing, setImporting] = useState(false);
  const files = useImportExport(list, feedback);
  // Saved queries and column settings belong to the route the list is shown at.
  const [route] = useState(currentRoute);
  const [hiddenColumns, setHiddenColumns] = useState(() => readHiddenColumns(browserStorage(), route));
  const columns = useMemo(() => shownColumns(list.columns, hiddenColumns), [list.columns, hiddenColumns]);
  const rows = useDictTexts(columns, nodes.rows);
  const marked = useMemo(
    () =>
      withRowMarks(
        tableColumns(columns, list.sort, tree),
        props.rowClassName,
        model.declaration.list?.rowMarks,
        localToday(),
      ),
    [columns, list.sort, tree, props.rowClassName, model],
  );

  useEffect(() => {
    if (list.problem?.kind === 'warning') feedback.message('warning', list.problem.message);
    else if (list.problem?.kind === 'error') feedback.message('error', list.problem.message);
  }, [list.problem?.kind, list.problem?.message, feedback]);
  useEffect(() => {
    if (nodes.problem) feedback.message('warning', nodes.problem);
  }, [nodes.problem, feedback]);
  useEffect(() => onRecords?.(list.records), [list.records, onRecords]);

  // A copy list (kind `copy`) copies a row with its children into the add form: from the row's
  // link or, for exactly one selected row, from the toolbar. It saves through the normal add.
  const copyable = model.declaration.kind === 'copy' && model.offers('add') && list.can('add') === 'show';
  const copySelected = () => {
    const row =
      list.selected.length === 1 ? list.records.find((r) => String(r.id) === list.selected[0]) : null;
    if (row) void dialogs.copy(row);
    else feedback.message('warning', ListMessages.copyOne);
  };

  const report = (answer: Result<unknown>) =>
    feedback.message(answer.success ? 'success' : 'warning', answer.message);

  const batchDelete = () => {
    if (list.selected.length === 0) {
      feedback.message('warning', ListMessages.selectOne);
      return;
    }
    feedback.dialog('confirm', {
      title: ListMessages.batchTitle,
      content: ListMessages.batchContent,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => report(await list.removeSelected()),
    });
  };

  const transition = async (t: TransitionModel, row: Row) => {
    const answer = await runtime.data.transition(model.basePath, t, String(row.id));
    report(answer);
    if (answer.success) await list.refresh();
  };

  const hidden = (code: string | undefined) =>
    fieldHidden(code, runtime.session.auth(), runtime.session.allAuth());
  // About 56px a link: the column fits a row's actions without wrapping (state changes exclude each other).
  const transitionNames = new Set(model.transitions.map((t) => t.name));
  const plainActions =
    declaredRowActions(list).filter((name) => !transitionNames.has(name)).length + (copyable ? 1 : 0);
  // A row never shows more than MAX_INLINE links (the rest fold into 更多), so no wider than that.
  const links = Math.min(plainActions + mostTransitionsAtOnce(model), MAX_INLINE);
  const actionsWidth = Math.max(120, links * 56 + 16);

  return (
    // A plain panel, not antd's Card: Card and its Skeleton would load with every list for a box.
    <section className="zj-list zj-list-card">
      <QueryForm
        name={`zj-query-${model.name}`}
        fields={queryFields(model)}
        preset={list.preset}
        onSearch={list.search}
        onReset={list.reset}
      />
      <ListToolbar
        list={list}
        route={route}
        superFields={superQueryFields(model, (f) => hidden(f.permission))}
        files={files}
        hiddenColumns={hiddenColumns}
        onHiddenColumns={(next) => {
          setHiddenColumns(next);
          writeHiddenColumns(browserStorage(), route, next);
        }}
        onAdd={dialogs.add}
        onImport={() => setImporting(true)}
        onBatchDelete={batchDelete}
        onAction={(action) => actions.run(action, { kind: 'selection', ids: list.selected })}
        onCopy={copyable ? copySelected : undefined}
      />
      {model.declaration.list?.chart && <ListChart model={model} rows={rows as Row[]} />}
      <Table<Row>
        rowKey={(row) => String(row.id)}
        size="middle"
        bordered
        loading={list.loading}
        dataSource={rows as Row[]}
        expandable={tree ? nodes.expandable : expandable}
        onRow={props.onRow}
        rowClassName={marked.rowClassName}
        scroll={{ x: 'max-content' }}
        columns={[
          ...marked.columns,
          {
            key: '$actions',
            title: '操作',
            fixed: 'right',
            align: 'center',
            width: actionsWidth,
            render: (_: unknown, row: Row) =>
              isPlaceholder(row) ? null : (
                <RowActions
                  list={list}
                  row={row}
                  onTransition={(t) => transition(t, row)}
                  onEdit={() => void dialogs.open('edit', row)}
                  onDetail={() => void dialogs.open('detail', row)}
                  onDelete={async () => report(await list.remove(String(row.id)))}
                  onAction={(action) => actions.run(action, { kind: 'row', row })}
                  onCopy={copyable ? () => void dialogs.copy(row) : undefined}
                />
              ),
          },
        ]}
        rowSelection={{
          selectedRowKeys: list.selected,
          onChange: (keys) => list.select(keys.map(String)),
          getCheckboxProps: (row) => ({ disabled: isPlaceholder(row) }),
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ListMessages.empty} />,
        }}
        {...tablePaging(list, model, { quickJumper: true })}
      />
      {dialogs.modals}
      {actions.modals}
      {importing && (
        <Suspense fallback={null}>
          <ImportModal
            onClose={() => setImporting(false)}
            onRefused={(text) => feedback.message('warning', text)}
            // The template is an export (template=1): offered to whoever may export.
            onTemplate={
              model.offers('exportXls') && list.can('exportXls') === 'show'
                ? files.downloadTemplate
                : undefined
            }
            onImport={async (picked) => {
              if (await files.importFiles(picked)) setImporting(false);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
