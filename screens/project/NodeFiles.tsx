/**
 * The files of one stage node of one project: the declared list of `projectNodeFile` (its 新增 with
 * the file widget on the existing upload policy, 编辑, 删除, permissions) scoped twice, to the
 * project and to the node, so neither is asked in the form nor shown as a column.
 */
import { useMemo } from 'react';
import { buildEntityModel, type EntityModel } from '../../runtime/model/declaration/model';
import { RuntimeContext, useRuntime } from '../../runtime/render';
import { scopedAdapter } from '../../runtime/render/inner-table/child-scope';
import { ChildList } from '../../runtime/render/inner-table/ChildList';
import { StageText } from './text';

const FIXED = ['projectId', 'taskDefKey'];

function nodeFileModel(base: EntityModel): EntityModel {
  const decl = base.declaration;
  return buildEntityModel({
    ...decl,
    fields: decl.fields.map((f) => (FIXED.includes(f.name) ? { ...f, form: false, list: false } : f)),
    list: { ...decl.list, columns: (decl.list?.columns ?? []).filter((c) => !FIXED.includes(c)) },
  });
}

export function NodeFiles({
  model,
  projectId,
  taskDefKey,
}: {
  model: EntityModel;
  projectId: string;
  taskDefKey: string;
}): React.JSX.Element {
  const runtime = useRuntime();
  const scoped = useMemo(() => nodeFileModel(model), [model]);
  const byNode = useMemo(
    () => ({
      ...runtime,
      data: scopedAdapter(runtime.data, {
        basePath: model.basePath,
        foreignKey: 'taskDefKey',
        parentId: taskDefKey,
      }),
    }),
    [runtime, model.basePath, taskDefKey],
  );
  return (
    <RuntimeContext.Provider value={byNode}>
      <ChildList
        key={taskDefKey}
        model={scoped}
        title={StageText.files}
        scope={{ basePath: model.basePath, foreignKey: 'projectId', parentId: projectId }}
      />
    </RuntimeContext.Provider>
  );
}
