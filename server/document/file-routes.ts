/**
 * Files of documents and templates: the list of files the caller may see and the one way a file
 * leaves the server (spec 001 "Files", "Statistics"). A download needs the download right on the
 * row's classification, a preview the view right; a row outside the caller's view is "not found".
 * Answers are attachments (a preview: inline, only for images, PDF and text), never sniffed
 * (nosniff) and sandboxed, so a stored file never runs as active content on the app's origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError, ok } from '../result.js';
import { headWithRight, idOf, type DocumentContext } from './context.js';
import { requestRights } from './guard.js';
import { DOCUMENT, DocumentMessages, TEMPLATE, type FileKind } from './kinds.js';
import { officeKind, officePreview, OfficePreviewMessages, PREVIEW_LIMITS } from './office-preview.js';
import { downloadName } from './records.js';
import { classifiesWith } from './rights.js';

/** Types a browser shows by itself: what preview answers inline. */
export const PREVIEW_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/plain; charset=utf-8',
};

export const FileMessages = {
  noPreview: '该类型文件暂不支持在线预览，请下载后查看',
  missing: '文件不存在',
} as const;

type Query = Record<string, unknown>;

async function fileOf(
  ctx: DocumentContext,
  request: FastifyRequest,
  kind: FileKind,
  id: string,
  right: 'view' | 'download',
): Promise<{ path: string; name: string }> {
  const head = await headWithRight(ctx, request, kind, id, right);
  const recordId = (request.query as Query).recordId;
  if (recordId === undefined || recordId === '') {
    if (!head.filePath) throw new ApiError(FileMessages.missing);
    return { path: head.filePath, name: downloadName(head.name, head.filePath) };
  }
  const rows = await sql<{ filePath: string; fileName: string }>`select file_path, file_name
    from ${sql.table(kind.recordTable)} where id = ${idOf(recordId)} and ${sql.ref(kind.recordKey)} = ${id}`.execute(
    ctx.db,
  );
  const record = rows.rows[0];
  if (!record) throw new ApiError(DocumentMessages.notFound);
  return { path: record.filePath, name: record.fileName };
}

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function send(ctx: DocumentContext, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Query;
  const kind = query.templateId !== undefined ? TEMPLATE : DOCUMENT;
  const id = idOf(kind === TEMPLATE ? query.templateId : query.documentId);
  const preview = query.preview === '1' || query.preview === 'true';
  const file = await fileOf(ctx, request, kind, id, preview ? 'view' : 'download');
  const ext = file.path.slice(file.path.lastIndexOf('.') + 1).toLowerCase();
  const inlineType = PREVIEW_TYPES[ext];
  if (preview && !inlineType) throw new ApiError(FileMessages.noPreview);
  const opened = await ctx.storage.open(file.path);
  if (!opened) throw new ApiError(FileMessages.missing);
  return reply
    .header('content-type', preview ? inlineType : 'application/octet-stream')
    .header('content-length', opened.size)
    .header('content-disposition', contentDisposition(preview ? 'inline' : 'attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(opened.stream);
}

/** A .docx as clean HTML or an .xlsx as its cells (office-preview.ts), with the view right. */
async function previewOffice(ctx: DocumentContext, request: FastifyRequest) {
  const query = request.query as Query;
  const kind = query.templateId !== undefined ? TEMPLATE : DOCUMENT;
  const id = idOf(kind === TEMPLATE ? query.templateId : query.documentId);
  const file = await fileOf(ctx, request, kind, id, 'view');
  const office = officeKind(file.path);
  if (!office) throw new ApiError(FileMessages.noPreview);
  const opened = await ctx.storage.open(file.path);
  if (!opened) throw new ApiError(FileMessages.missing);
  if (opened.size > PREVIEW_LIMITS.fileBytes) {
    opened.stream.destroy();
    throw new ApiError(OfficePreviewMessages.tooLarge);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return ok({ fileName: file.name, ...(await officePreview(office, Buffer.concat(chunks))) });
}

export function registerFileRoutes(app: FastifyInstance, ctx: DocumentContext): void {
  const signedIn = { config: { access: 'authenticated' as const } };
  app.get('/sys/download/queryFileByDocumentId', signedIn, (request, reply) => send(ctx, request, reply));
  app.get('/sys/download/previewOffice', signedIn, (request) => previewOffice(ctx, request));

  // The files the caller may see: every version of every document they may view, newest first.
  app.get('/sys/common/queryFile', signedIn, async (request) => {
    const query = request.query as Query;
    const pageNo = Math.max(1, Math.min(10_000, Number(query.pageNo) || 1));
    const pageSize = Math.max(1, Math.min(100, Number(query.pageSize) || 10));
    const name =
      typeof query.fileName === 'string' && query.fileName.trim() !== '' ? query.fileName.trim() : null;
    const rights = await requestRights(ctx.db, request);
    const seen = rights.admin ? sql`true` : sql`d.classify_id in (${classifiesWith(rights, '1', 'view')})`;
    const rows = await sql<Record<string, unknown> & { total: string }>`
      select r.id, r.document_id, d.name as document_name, r.version, r.file_name, r.file_size, r.create_by,
        r.create_time, count(*) over () as total
      from biz_document_record r join biz_document d on d.id = r.document_id
      where ${seen} and (${name}::text is null or r.file_name ilike ${`%${(name ?? '').replace(/[\\%_]/g, '\\$&')}%`})
      order by r.create_time desc, r.id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const total = Number(rows.rows[0]?.total ?? 0);
    return ok({
      records: rows.rows.map(({ total: _total, ...row }) => row),
      total,
      size: pageSize,
      current: pageNo,
      pages: Math.ceil(total / pageSize),
    });
  });
}
