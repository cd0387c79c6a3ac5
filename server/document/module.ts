/**
 * The documents module (docs/modules/documents.md): position rights on the generated routes of
 * documents, templates and their records (installed before the entity routes exist), then the
 * hand-written calls and the demo files (once the declared tables exist).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import { documentDemoFiles } from '../db/seed/documents-demo.js';
import { registerClassifyRoutes } from './classify-routes.js';
import type { DocumentContext } from './context.js';
import { registerFileRoutes } from './file-routes.js';
import { installDocumentGuards } from './guard.js';
import { registerPowerRoutes } from './power-routes.js';
import { registerDocumentRoutes } from './routes.js';
import { registerEditorRoutes } from './editor-routes.js';
import { createDocumentStorage } from './storage.js';

/** Call inside the API plugin before registerEntityRoutes. */
export function installDocumentRules(app: FastifyInstance, deps: AppDeps): DocumentContext {
  const ctx: DocumentContext = {
    db: deps.database.db,
    storage: createDocumentStorage(deps.config),
    editor: deps.config.documentServer ?? null,
    apiBase: deps.config.apiBase,
  };
  installDocumentGuards(app, ctx.db, ctx.storage, deps.config.apiBase);
  return ctx;
}

/** Call inside the API plugin after registerEntityRoutes. */
export async function registerDocuments(app: FastifyInstance, ctx: DocumentContext): Promise<void> {
  // First: a store that cannot be used (S3 unreachable, keys refused) stops the start with the reason.
  await ctx.storage.prepare();
  registerDocumentRoutes(app, ctx);
  registerClassifyRoutes(app, ctx);
  registerPowerRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerEditorRoutes(app, ctx);
  await writeDemoFiles(ctx);
}

/**
 * The demo records' files, where a record names one (a database seeded with the demo), and the demo
 * rows' 更新日期 (the seed writes only create times): the time of their latest record.
 */
async function writeDemoFiles(ctx: DocumentContext): Promise<void> {
  for (const [head, record, key] of [
    ['biz_document', 'biz_document_record', 'document_id'],
    ['biz_template', 'biz_template_record', 'template_id'],
  ])
    await sql`update ${sql.table(head)} h set update_time = r.latest
      from (select ${sql.ref(key)} as head_id, max(create_time) as latest from ${sql.table(record)}
        group by ${sql.ref(key)}) r
      where h.id = r.head_id and h.update_time is null`.execute(ctx.db);
  const files = documentDemoFiles();
  const paths = [...files.keys()];
  const used = await sql<{ filePath: string }>`
    select file_path from biz_document_record where file_path in (${sql.join(paths)})
    union select file_path from biz_template_record where file_path in (${sql.join(paths)})`.execute(ctx.db);
  for (const { filePath } of used.rows) {
    const data = files.get(filePath);
    if (data && !(await ctx.storage.open(filePath).then((f) => (f?.stream.destroy(), f !== null))))
      await ctx.storage.write(filePath, data);
  }
}
