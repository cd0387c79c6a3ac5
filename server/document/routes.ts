/**
 * The document and template calls a declaration cannot say (docs/modules/documents.md): a new
 * version, a template becoming a document, the records of one head row, and the project links.
 * Every call checks the caller's position rights on the row's classification.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError, ok } from '../result.js';
import { newRowId } from '../entity/child-write.js';
import { checkOwnUploads } from '../sys/upload-owner.js';
import { classifyExists, headWithRight, idOf, usernameOf, type DocumentContext } from './context.js';
import { requestRights } from './guard.js';
import { DOCUMENT, DocumentMessages, KINDS, TEMPLATE, type FileKind } from './kinds.js';
import { addVersion } from './records.js';
import { classifiesWith, powerOn } from './rights.js';

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body => {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};
};
const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/** Heads the caller may view, as a condition on `alias.classify_id` (true for admins). */
async function visible(ctx: DocumentContext, request: FastifyRequest, kind: FileKind, alias: string) {
  const rights = await requestRights(ctx.db, request);
  if (rights.admin) return sql`true`;
  return sql`${sql.ref(`${alias}.classify_id`)} in (${classifiesWith(rights, kind.powerType, 'view')})`;
}

function registerRecords(app: FastifyInstance, ctx: DocumentContext, kind: FileKind): void {
  const param = kind.recordField;
  const path = `${kind.recordBasePath}/queryBy${kind.entity === 'document' ? 'DocumentId' : 'TemplateId'}`;
  app.get(path, { config: { access: 'authenticated' } }, async (request) => {
    const id = idOf((request.query as Body)[param]);
    await headWithRight(ctx, request, kind, id, 'view');
    const rows =
      await sql<Body>`select r.id, r.${sql.ref(kind.recordKey)}, r.version, r.file_name, r.file_size,
        r.remark, r.create_by, u.realname as create_by_dict_text, r.create_time
      from ${sql.table(kind.recordTable)} r left join sys_user u on u.username = r.create_by
      where r.${sql.ref(kind.recordKey)} = ${id} order by r.create_time desc, r.version desc`.execute(ctx.db);
    return ok(
      rows.rows.map(({ createByDictText, ...row }: Body) => ({
        ...row,
        createBy_dictText: createByDictText,
      })),
    );
  });

  app.post(
    `${kind.basePath}/uploadVersion`,
    { config: { access: { perm: `${kind.entity}:edit` } } },
    async (request) => {
      const body = bodyOf(request);
      const head = await headWithRight(ctx, request, kind, idOf(body.id), 'edit');
      // Only an upload the caller made becomes a version (文件不存在或不是您上传的 otherwise).
      await checkOwnUploads(ctx.db, request.auth?.userId ?? '', body.filePath);
      const file = await ctx.storage.claim(body.filePath);
      if (!file) throw new ApiError(body.filePath ? DocumentMessages.fileGone : DocumentMessages.noFile);
      const version = await addVersion(ctx.db, kind, head, file, usernameOf(request), text(body.remark, 200));
      return ok({ version }, DocumentMessages.uploaded);
    },
  );
}

function registerToDocument(app: FastifyInstance, ctx: DocumentContext): void {
  app.post('/sys/template/toDocument', { config: { access: { perm: 'document:add' } } }, async (request) => {
    const body = bodyOf(request);
    const template = await headWithRight(ctx, request, TEMPLATE, idOf(body.id), 'download');
    const name = text(body.name, 100);
    if (!name) throw new ApiError('请输入文档名称!');
    const classifyId = idOf(body.classifyId);
    if (!(await classifyExists(ctx.db, classifyId))) throw new ApiError(DocumentMessages.badClassify);
    const rights = await requestRights(ctx.db, request);
    if (!(await powerOn(ctx.db, rights, DOCUMENT.powerType, classifyId)).includes('edit'))
      throw new ApiError(DocumentMessages.noEdit(DOCUMENT.title));
    if (!template.filePath) throw new ApiError(DocumentMessages.fileGone);
    const file = await ctx.storage.copy(template.filePath);
    if (!file) throw new ApiError(DocumentMessages.fileGone);
    const id = newRowId();
    const username = usernameOf(request);
    await sql`insert into biz_document (id, name, classify_id, owner, description, create_by, create_time,
        sys_org_code, row_version)
      values (${id}, ${name}, ${classifyId}, ${username}, ${`由模板「${template.name}」生成`}, ${username}, now(),
        ${request.auth?.orgCode ?? null}, 0)`.execute(ctx.db);
    await addVersion(
      ctx.db,
      DOCUMENT,
      { id, name },
      file,
      username,
      `由模板「${template.name}」${template.version ?? ''}生成`,
    );
    return ok({ id }, DocumentMessages.created);
  });
}

/** The spec's project links: a document's project (projectId) and stage (link). */
function registerLinks(app: FastifyInstance, ctx: DocumentContext): void {
  const access = { config: { access: 'authenticated' as const } };
  app.get('/sys/document/getLinkList', access, async (request) => {
    const projectId = text((request.query as Body).projectId, 32);
    const where = await visible(ctx, request, DOCUMENT, 'd');
    const rows = await sql<{
      link: string;
      total: string;
    }>`select d.link, count(*) as total from biz_document d
      where ${where} and d.link is not null and d.link <> ''
        and (${projectId}::text is null or d.project_id = ${projectId})
      group by d.link order by d.link`.execute(ctx.db);
    return ok(rows.rows.map((r) => ({ link: r.link, total: Number(r.total) })));
  });
  app.get('/sys/document/getDocumentNameList', access, async (request) => {
    const link = text((request.query as Body).link, 50);
    const where = await visible(ctx, request, DOCUMENT, 'd');
    const rows = await sql`select d.id, d.name, d.version, d.file_name from biz_document d
      where ${where} and (${link}::text is null or d.link = ${link})
      order by d.name limit 500`.execute(ctx.db);
    return ok(rows.rows);
  });
  app.get('/sys/document/getLinkSelectList', access, async (request) => {
    const where = await visible(ctx, request, DOCUMENT, 'd');
    const rows = await sql<{ link: string }>`select distinct d.link from biz_document d
      where ${where} and d.link is not null and d.link <> '' order by d.link`.execute(ctx.db);
    return ok(rows.rows.map((r) => ({ value: r.link, text: r.link })));
  });
}

export function registerDocumentRoutes(app: FastifyInstance, ctx: DocumentContext): void {
  for (const kind of KINDS) registerRecords(app, ctx, kind);
  registerToDocument(app, ctx);
  registerLinks(app, ctx);
}
