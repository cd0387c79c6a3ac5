/**
 * The document editor hook (spec 000 section 9; docs/modules/documents.md "Editor"):
 *  - GET  /sys/document/editorConfig: without an id, whether an editor is configured (the screen
 *    shows 编辑 only then); with documentId or templateId, the signed ONLYOFFICE config to open
 *    that row's current file (edit right on its classification);
 *  - GET  /sys/document/editorFile?token: the file, for the document server (a signed link);
 *  - POST /sys/document/editorCallback?token: the save callback (editor-save.ts).
 * The two last are public routes: the document server has no session, so each is let in by its
 * signature instead, and a refusal tells nothing about the file.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ok } from '../result.js';
import { headWithRight, idOf, type DocumentContext } from './context.js';
import { apiScriptUrl, type DocumentServerConfig } from './editor-config.js';
import {
  CALLBACK_LINK_SECONDS,
  FILE_LINK_SECONDS,
  readCallbackLink,
  readFileLink,
  signLink,
} from './editor-links.js';
import { CallbackRefusal, EditorMessages, extensionOf, saveEdited, signedBody } from './editor-save.js';
import { signJwt } from './jwt.js';
import { DOCUMENT, TEMPLATE } from './kinds.js';
import { downloadName } from './records.js';
import { powerOn } from './rights.js';
import { requestRights } from './guard.js';

/**
 * File types the editor opens for editing, with the ONLYOFFICE document type and the spec's one-letter
 * type (writer w, spreadsheet s, presentation p; pdf f is view-only in the editor, so not offered).
 */
export const EDITABLE: Readonly<Record<string, { documentType: string; type: string }>> = {
  docx: { documentType: 'word', type: 'w' },
  xlsx: { documentType: 'cell', type: 's' },
  pptx: { documentType: 'slide', type: 'p' },
};

/** Where the document server reaches this app: configured, or the address the browser used. */
function appBase(ctx: DocumentContext, editor: DocumentServerConfig, request: FastifyRequest): string {
  const origin = editor.appUrl || `${request.protocol}://${request.host}`;
  return `${origin}${ctx.apiBase}`;
}

async function editorConfig(ctx: DocumentContext, request: FastifyRequest) {
  const editor = ctx.editor;
  const query = request.query as Record<string, unknown>;
  const kind = query.templateId !== undefined ? TEMPLATE : DOCUMENT;
  const rawId = kind === TEMPLATE ? query.templateId : query.documentId;
  if (!editor) {
    if (rawId !== undefined) throw new ApiError(EditorMessages.notConfigured);
    return ok({ enabled: false, types: [] });
  }
  if (rawId === undefined) return ok({ enabled: true, types: Object.keys(EDITABLE) });
  const head = await headWithRight(ctx, request, kind, idOf(rawId), 'edit');
  const ext = head.filePath ? extensionOf(head.filePath) : '';
  const editable = EDITABLE[ext];
  if (!head.filePath || !editable) throw new ApiError(EditorMessages.notEditable);
  const auth = request.auth!;
  const power = await powerOn(ctx.db, await requestRights(ctx.db, request), kind.powerType, head.classifyId);
  const base = appBase(ctx, editor, request);
  const title = downloadName(head.name, head.filePath);
  const fileToken = signLink(editor, { t: 'file', p: head.filePath, n: title }, FILE_LINK_SECONDS);
  const saveToken = signLink(
    editor,
    { t: 'save', k: kind.entity, d: head.id, u: auth.userId, p: head.filePath },
    CALLBACK_LINK_SECONDS,
  );
  const config = {
    document: {
      fileType: ext,
      // One key per stored version: editors of the same version share a session; a save makes a new one.
      key: head.filePath.replace(/[^0-9A-Za-z._=-]/g, '_'),
      title,
      url: `${base}/sys/document/editorFile?token=${encodeURIComponent(fileToken)}`,
      permissions: { edit: true, download: power.includes('download'), print: power.includes('download') },
    },
    documentType: editable.documentType,
    editorConfig: {
      callbackUrl: `${base}/sys/document/editorCallback?token=${encodeURIComponent(saveToken)}`,
      lang: 'zh-CN',
      mode: 'edit',
      user: { id: auth.userId, name: auth.realname || auth.username },
      customization: { forcesave: true },
    },
  };
  return ok({
    enabled: true,
    type: editable.type,
    apiUrl: apiScriptUrl(editor),
    config: { ...config, token: signJwt(config, editor.secret) },
  });
}

async function editorFile(ctx: DocumentContext, request: FastifyRequest, reply: FastifyReply) {
  const link = ctx.editor ? readFileLink(ctx.editor, (request.query as Record<string, unknown>).token) : null;
  const opened = link ? await ctx.storage.open(link.p) : null;
  if (!link || !opened) return reply.status(404).send({ success: false, message: '文件不存在' });
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', opened.size)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(link.n)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(opened.stream);
}

async function editorCallback(ctx: DocumentContext, request: FastifyRequest, reply: FastifyReply) {
  try {
    const editor = ctx.editor;
    const link = editor ? readCallbackLink(editor, (request.query as Record<string, unknown>).token) : null;
    if (!editor || !link) throw new CallbackRefusal(403, EditorMessages.badSignature);
    const body = signedBody(editor, request);
    const status = Number(body.status);
    if (status !== 2 && status !== 6) return { error: 0 }; // editing, closed unchanged, or an error report
    const version = await saveEdited({ db: ctx.db, storage: ctx.storage, config: editor }, link, body);
    request.log.info({ documentId: link.d, version }, 'document editor saved a version');
    return { error: 0 };
  } catch (error) {
    if (!(error instanceof CallbackRefusal)) throw error;
    request.log.warn({ reason: error.message }, 'document editor callback refused');
    return reply.status(error.status).send({ error: 1, message: error.message });
  }
}

export function registerEditorRoutes(app: FastifyInstance, ctx: DocumentContext): void {
  app.get('/sys/document/editorConfig', { config: { access: 'authenticated' } }, (request) =>
    editorConfig(ctx, request),
  );
  // Public, and only when an editor is configured: the document server has no session, the signed
  // token is the permission (editor-links.ts). tests/server/document-editor.test.ts audits them.
  if (!ctx.editor) return;
  app.get('/sys/document/editorFile', { config: { access: 'public' } }, (request, reply) =>
    editorFile(ctx, request, reply),
  );
  app.post('/sys/document/editorCallback', { config: { access: 'public' } }, (request, reply) =>
    editorCallback(ctx, request, reply),
  );
}
