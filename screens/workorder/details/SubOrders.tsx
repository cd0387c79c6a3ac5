/**
 * 子工单: the sub-order declaration's own child list (runtime/render/inner-table/ChildList), scoped to
 * this order: its columns, 详情 (queryById), its handler's 完成, and — for the person in charge while
 * the order is open — 新增 / 编辑 / 删除 with the declared form. Nothing here draws a form or a column:
 * the declaration does, with two adjustments for this page (the order is fixed, so `orderId` is
 * neither asked nor shown; the list-wide buttons and 创建日期 have no place here).
 */
import { Card } from 'antd';
import { useMemo } from 'react';
import { buildEntityModel, type EntityModel } from '../../../runtime/model/declaration/model';
import type { BuiltInAction, Declaration } from '../../../runtime/model/declaration/types';
import type { Row } from '../../../runtime/render/data/adapter';
import { ChildList } from '../../../runtime/render/inner-table/ChildList';
import { DetailsText } from './api';
import { mayManageSubs, type Viewer } from './order-rules';

const FOREIGN_KEY = 'orderId';
/** The columns that fit beside the timeline (the declaration's list adds 创建日期). */
const COLUMNS = ['title', 'handler', 'deadline', 'status'];
const NOT_HERE: BuiltInAction[] = ['exportXls', 'importExcel', 'deleteBatch', 'superQuery'];
const MANAGE: BuiltInAction[] = ['add', 'edit', 'delete'];

/** The sub-order model as this page uses it (pure: the declaration is data). */
export function subOrderModel(base: EntityModel, manage: boolean): EntityModel {
  const decl: Declaration = base.declaration;
  return buildEntityModel({
    ...decl,
    fields: decl.fields.map((f) => (f.name === FOREIGN_KEY ? { ...f, form: false, detail: false } : f)),
    list: {
      ...decl.list,
      columns: (decl.list?.columns ?? COLUMNS).filter((c) => COLUMNS.includes(c)),
      disable: [...new Set([...(decl.list?.disable ?? []), ...NOT_HERE, ...(manage ? [] : MANAGE)])],
    },
  });
}

export interface SubOrdersProps {
  model: EntityModel;
  order: Row;
  viewer: Viewer;
}

export function SubOrders({ model, order, viewer }: SubOrdersProps): React.JSX.Element {
  const manage = mayManageSubs(order, viewer);
  const scoped = useMemo(() => subOrderModel(model, manage), [model, manage]);
  return (
    <Card variant="borderless" className="wo-details__subs">
      <ChildList
        // A change of who may manage them redraws the list with its new buttons.
        key={manage ? 'manage' : 'view'}
        model={scoped}
        title={DetailsText.subOrders}
        scope={{ basePath: scoped.basePath, foreignKey: FOREIGN_KEY, parentId: String(order.id) }}
      />
    </Card>
  );
}
