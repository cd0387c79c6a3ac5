/**
 * The list's toolbar: the built-in buttons the screen offers and the user may use (新增, 导出, 导入,
 * 高级查询, 批量删除; a copy list's 复制 after 新增), the declared actions after them, the selection
 * count, and 列设置 on the right. 导出 exports the list's columns; its arrow offers the choice of
 * 导出（列表字段） and 导出全部字段 (every field the import takes back).
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import type { ActionModel, FieldModel } from '../../model/declaration/model';
import { actionState } from '../actions/action-call';
import type { ImportExport } from '../import-export/useImportExport';
import { SuperQueryButton } from '../query-builder/SuperQueryButton';
import { ColumnSettings } from './ColumnSettings';
import type { ListController } from './useListController';

export type ToolbarItem = 'add' | 'deleteBatch' | 'exportXls' | 'importExcel' | 'superQuery';

export const ExportMenuTexts = {
  list: '导出（列表字段）',
  all: '导出全部字段',
  /** The arrow's accessible name (without 导出, so the 导出 button's own name stays unique). */
  more: '选择字段范围',
} as const;

const EXPORT_MENU: MenuProps['items'] = [
  { key: 'list', label: ExportMenuTexts.list },
  { key: 'all', label: ExportMenuTexts.all },
];

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
          <Space.Compact className="zj-list__export">
            <Button
              icon={<DownloadOutlined />}
              disabled={exportXls === 'disable'}
              loading={files.exporting}
              onClick={() => void files.exportRows()}
            >
              导出
            </Button>
            <Dropdown
              disabled={exportXls === 'disable' || files.exporting}
              trigger={['click']}
              menu={{
                items: EXPORT_MENU,
                onClick: ({ key }) => void files.exportRows(key === 'all' ? 'all' : 'list'),
              }}
            >
              <Button
                aria-label={ExportMenuTexts.more}
                title={ExportMenuTexts.more}
                icon={<DownOutlined />}
                disabled={exportXls === 'disable' || files.exporting}
              />
            </Dropdown>
          </Space.Compact>
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
