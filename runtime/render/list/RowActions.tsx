/** 编辑 / 详情 / 删除 of one row, each shown only when declared and permitted. */
import { Button, Divider, Popconfirm } from 'antd';
import type { ListController } from './useListController';

export interface RowActionsProps {
  list: ListController;
  onEdit(): void;
  onDetail(): void;
  onDelete(): Promise<void>;
}

export function RowActions({ list, onEdit, onDetail, onDelete }: RowActionsProps): React.JSX.Element {
  const declared = list.model.declaration.list?.rowActions ?? ['edit', 'detail', 'delete'];
  const links: React.JSX.Element[] = [];
  const edit = list.can('edit');
  if (declared.includes('edit') && edit !== 'hide')
    links.push(
      <Button key="edit" type="link" size="small" disabled={edit === 'disable'} onClick={onEdit}>
        编辑
      </Button>,
    );
  if (declared.includes('detail'))
    links.push(
      <Button key="detail" type="link" size="small" onClick={onDetail}>
        详情
      </Button>,
    );
  const remove = list.can('delete');
  if (declared.includes('delete') && remove !== 'hide')
    links.push(
      <Popconfirm key="delete" title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={onDelete}>
        <Button type="link" size="small" danger disabled={remove === 'disable'}>
          删除
        </Button>
      </Popconfirm>,
    );
  return (
    <span className="zj-row-actions" style={{ whiteSpace: 'nowrap' }}>
      {links.flatMap((link, i) =>
        i === 0 ? [link] : [<Divider key={`d${i}`} orientation="vertical" />, link],
      )}
    </span>
  );
}
