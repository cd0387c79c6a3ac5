/**
 * The list's toolbar: the built-in buttons the screen offers and the user may use (新增, 导出, 导入,
 * 高级查询, 批量删除; a copy list's 复制 after 新增), the declared actions after them, the selection
 * count, and 列设置 on the right.
 */
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ActionModel, FieldModel } from '../../model/declaration/model';
import { actionState } from '../actions/action-call';
import type { ImportExport } from '../import-export/useImportExport';
import { SuperQueryButton } from '../query-builder/SuperQueryButton';
import { ColumnSettings } from './ColumnSettings';
import type { ListController } from './useListController';

export type ToolbarItem = 'add' | 'deleteBatch' | 'exportXls' | 'importExcel' | 'superQuery';

export interface ListToolbarProps {
  list: ListController;
  route: string;
  superFields: readonly FieldModel[];
  files: ImportExport;
  hiddenColumns: readonly string[];
  onHiddenColumns(hidden: string[]): void;
  onAdd(): void;
  onImport(): void;
  onBatchDelete(): void;
  /** A declared action used on the selected rows (or a panel opened without a row). */
  onAction(action: ActionModel): void;
  /** A copy list's 复制 of the one selected row; absent elsewhere. */
  onCopy?(): void;
}

export function ListToolbar(props: ListToolbarProps): React.JSX.Element {
  const { list, files } = props;
  const { model } = list;
  const state = (item: Exclude<ToolbarItem, 'superQuery'>) => (model.offers(item) ? list.can(item) : 'hide');
  const actions = model.toolbarExtras.flatMap((name) => {
    const action = model.action(name);
    const shown = action ? actionState(action, null, list.permit) : 'hide';
    return action && shown !== 'hide' ? [{ action, disabled: shown === 'disable' }] : [];
  });
  const add = state('add');
  const exportXls = state('exportXls');
  const importExcel = state('importExcel');
  const batch = state('deleteBatch');
  return (
    <div
      className="zj-list__toolbar"
      style={{ display: 'flex', alignItems: 'center', marginBottom: 16, gap: 8 }}
    >
      <Space wrap style={{ flex: 1 }}>
        {add !== 'hide' && (
          <Button type="primary" icon={<PlusOutlined />} disabled={add === 'disable'} onClick={props.onAdd}>
            新增
          </Button>
        )}
        {props.onCopy && add !== 'hide' && (
          // No icon: an icon module here would load with every list, copy lists or not.
          <Button disabled={add === 'disable'} onClick={props.onCopy}>
            复制
          </Button>
        )}
        {exportXls !== 'hide' && (
          <Button
            icon={<DownloadOutlined />}
            disabled={exportXls === 'disable'}
            loading={files.exporting}
            onClick={() => void files.exportRows()}
          >
            导出
          </Button>
        )}
        {importExcel !== 'hide' && (
          <Button icon={<UploadOutlined />} disabled={importExcel === 'disable'} onClick={props.onImport}>
            导入
          </Button>
        )}
        {model.offers('superQuery') && (
          <SuperQueryButton
            fields={props.superFields}
            route={props.route}
            value={list.superQuery}
            onApply={list.applySuperQuery}
          />
        )}
        {actions.map(({ action, disabled }) => (
          <Button
            key={action.name}
            disabled={disabled}
            className={`zj-action zj-action--${action.name}`}
            onClick={() => props.onAction(action)}
          >
            {action.title}
          </Button>
        ))}
        {batch !== 'hide' && (
          <Button icon={<DeleteOutlined />} disabled={batch === 'disable'} onClick={props.onBatchDelete}>
            批量删除
          </Button>
        )}
        {list.selected.length > 0 && (
          <span className="zj-list__selected">
            已选择 <a>{list.selected.length}</a> 项
            <Button type="link" size="small" onClick={() => list.select([])}>
              清空
            </Button>
          </span>
        )}
      </Space>
      <ColumnSettings columns={list.columns} hidden={props.hiddenColumns} onChange={props.onHiddenColumns} />
    </div>
  );
}
