/**
 * A child declaration's own list (contacts, demands) scoped to this project: its columns, forms,
 * row actions (流转, 关闭, 流转记录 ...) and permissions come from the declaration; this page only
 * fixes the project, so `projectId` is neither asked in the form nor shown as a column, and the
 * list-wide buttons have no place here.
 */
import { useMemo } from 'react';
import { buildEntityModel, type EntityModel } from '../../runtime/model/declaration/model';
import type { BuiltInAction } from '../../runtime/model/declaration/types';
import { ChildList } from '../../runtime/render/inner-table/ChildList';

const FOREIGN_KEY = 'projectId';
const NOT_HERE: BuiltInAction[] = ['exportXls', 'importExcel', 'deleteBatch', 'superQuery'];

export function projectChildModel(base: EntityModel): EntityModel {
  const decl = base.declaration;
  return buildEntityModel({
    ...decl,
    fields: decl.fields.map((f) => (f.name === FOREIGN_KEY ? { ...f, form: false, list: false } : f)),
    list: {
      ...decl.list,
      columns: (decl.list?.columns ?? []).filter((c) => c !== FOREIGN_KEY),
      // The page is one project's: the list's own scopes (待我处理) belong to the demand menu.
      scopes: undefined,
      disable: [...new Set([...(decl.list?.disable ?? []), ...NOT_HERE])],
    },
  });
}

export function ProjectChildList({
  model,
  projectId,
  title,
}: {
  model: EntityModel;
  projectId: string;
  title: string;
}): React.JSX.Element {
  const scoped = useMemo(() => projectChildModel(model), [model]);
  return (
    <ChildList
      model={scoped}
      title={title}
      scope={{ basePath: scoped.basePath, foreignKey: FOREIGN_KEY, parentId: projectId }}
    />
  );
}
