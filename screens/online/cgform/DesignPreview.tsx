/**
 * 预览: the declaration being designed, rendered by the engine's own renderer for its kind against
 * sample rows in memory (preview-data.ts), before anything is saved. 新增 / 编辑 open the real form
 * (its rules, patterns and dictionaries); what is typed there stays in the preview's rows only.
 */
import { Alert, Spin, Typography } from 'antd';
import { Suspense, useMemo } from 'react';
import { migrateDeclaration } from '../../../runtime/model/declaration/migrations';
import { buildEntityModel, type EntityModel } from '../../../runtime/model/declaration/model';
import type { Declaration } from '../../../runtime/model/declaration/types';
import { RuntimeContext, useRuntime, type Runtime } from '../../../runtime/render';
import { createDataAdapter } from '../../../runtime/render/data/adapter';
import type { DeclarationDraft } from './field-edit';
import { previewHttp, sampleRows } from './preview-data';

function modelOf(draft: DeclarationDraft): { model?: EntityModel; error?: string } {
  const migrated = migrateDeclaration(draft);
  if (!migrated.doc) return { error: migrated.problems.map((p) => `${p.path}：${p.message}`).join('；') };
  try {
    return { model: buildEntityModel(migrated.doc as unknown as Declaration) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export default function DesignPreview({ draft }: { draft: DeclarationDraft }): React.JSX.Element {
  const runtime = useRuntime();
  const text = JSON.stringify(draft);
  // A new preview (fresh sample rows) for every change of the declaration.
  const { model, error, preview } = useMemo(() => {
    const built = modelOf(JSON.parse(text) as DeclarationDraft);
    if (!built.model) return { error: built.error };
    const dictValues = (code: string) => runtime.session.cachedDict(code)?.map((d) => d.value);
    const rows = sampleRows(built.model.declaration.fields as never, dictValues);
    const http = previewHttp(built.model.basePath, rows, runtime.http);
    const local: Runtime = { ...runtime, http, data: createDataAdapter(http, { checkContract: false }) };
    return { model: built.model, preview: local };
  }, [text, runtime]);
  if (!model || !preview) return <Alert type="error" showIcon title="无法预览" description={error} />;
  const Renderer = preview.renderers.get(model.declaration.kind);
  if (!Renderer)
    return <Alert type="info" showIcon title={`暂不支持预览的页面类型：${model.declaration.kind}`} />;
  return (
    <div aria-label="表单预览">
      <Typography.Text type="secondary">
        以下为示例数据，新增、编辑只改变预览中的数据，不会保存到数据库。
      </Typography.Text>
      <RuntimeContext.Provider value={preview}>
        <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
          <Renderer key={text} model={model} title={model.title} />
        </Suspense>
      </RuntimeContext.Provider>
    </div>
  );
}
