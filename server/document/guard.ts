/**
 * Position rights on the engine's generated routes of documents, templates and their records
 * (docs/modules/documents.md), attached through onRoute so other routes pay nothing:
 *  - reads (list, queryById) are limited to classifications the caller may view, writes (edit,
 *    delete) to those they may edit: a condition ANDed into the engine's own statement
 *    (addRequestScope), so a row outside it is simply "not found";
 *  - add and edit need the edit right on the classification the body names;
 *  - add claims the uploaded file (only the caller's own upload: upload-owner.ts) and writes the
 *    first record after the row is stored; delete removes the records and files of the rows it
 *    deleted;
 *  - answers carry `power` ('view,download,edit') per row, what the screen's row rules read.
 * Must be installed before the entity routes are registered.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { addRequestScope } from '../entity/route-kit.js';
import { ApiError } from '../result.js';
import { checkOwnUploads, recordUpload } from '../sys/upload-owner.js';
import { uploadNames } from '../sys/upload-names.js';
import { DocumentMessages, KINDS, type FileKind } from './kinds.js';
import { classifiesWith, classifyCondition, powerOn, powersOn, rightsOf, type Rights } from './rights.js';
import type { DocumentStorage } from './storage.js';
import { addFirstRecord, removeOrphans } from './records.js';

type Hooks = Pick<RouteOptions, 'preHandler' | 'preSerialization'>;
type Body = Record<string, unknown>;

const claimed = new WeakMap<FastifyRequest, { path: string; size: number }>();
const rightsCache = new WeakMap<FastifyRequest, Rights>();

export async function requestRights(db: Db, request: FastifyRequest): Promise<Rights> {
  const cached = rightsCache.get(request);
  if (cached) return cached;
  const rights = await rightsOf(db, request.auth?.userId ?? '');
  rightsCache.set(request, rights);
  return rights;
}

function bodyOf(request: FastifyRequest): Body | null {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : null;
}

/** Adds `power` to a row (queryById) or to each row of a page (list). */
function withPowers(db: Db, kind: FileKind) {
  return async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
    const answer = payload as { success?: boolean; result?: unknown };
    if (!answer?.success || typeof answer.result !== 'object' || answer.result === null) return payload;
    const page = answer.result as { records?: Body[] };
    const rows = Array.isArray(page.records) ? page.records : [answer.result as Body];
    const rights = await requestRights(db, request);
    const powers = await powersOn(
      db,
      rights,
      kind.powerType,
      rows.map((r) => String(r.classifyId ?? '')),
    );
    for (const row of rows) row.power = (powers.get(String(row.classifyId ?? '')) ?? []).join(',');
    return payload;
  };
}

async function needEdit(db: Db, request: FastifyRequest, kind: FileKind, classifyId: unknown): Promise<void> {
  if (typeof classifyId !== 'string' || classifyId === '') return; // the engine's required rule answers
  const rights = await requestRights(db, request);
  if (!(await powerOn(db, rights, kind.powerType, classifyId)).includes('edit'))
    throw new ApiError(DocumentMessages.noEdit(kind.title));
}

function headHooks(db: Db, storage: DocumentStorage, kind: FileKind, action: string): Hooks | null {
  const scope =
    (right: 'view' | 'edit'): preHandlerAsyncHookHandler =>
    async (request) => {
      addRequestScope(request, classifyCondition(await requestRights(db, request), kind.powerType, right));
    };
  switch (action) {
    case 'list':
    case 'queryById':
      return { preHandler: scope('view'), preSerialization: withPowers(db, kind) };
    case 'edit':
      return {
        preHandler: [
          scope('edit'),
          async (request) => {
            const body = bodyOf(request);
            if (!body) return;
            delete body.filePath; // a new file is a new version: uploadVersion
            await needEdit(db, request, kind, body.classifyId);
          },
        ],
      };
    case 'add':
      return {
        preHandler: async (request) => {
          const body = bodyOf(request);
          if (!body) return;
          await needEdit(db, request, kind, body.classifyId);
          if (body.filePath === undefined || body.filePath === null || body.filePath === '') return;
          const userId = request.auth?.userId ?? '';
          await checkOwnUploads(db, userId, body.filePath);
          const uploaded = String(body.filePath);
          const file = await storage.claim(body.filePath);
          if (!file) throw new ApiError(DocumentMessages.fileGone);
          // The stored file is the claimer's: the engine's own check of the file field then passes.
          // It keeps the name the upload had (upload-names.ts).
          await recordUpload(
            db,
            file.path,
            userId,
            (await uploadNames(db, [uploaded])).get(uploaded) ?? null,
          );
          body.filePath = file.path;
          claimed.set(request, file);
        },
        preSerialization: async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
          const file = claimed.get(request);
          if (file && (payload as { success?: boolean })?.success)
            await addFirstRecord(db, kind, file, request.auth?.username ?? '');
          return payload;
        },
      };
    case 'delete':
      return {
        preHandler: scope('edit'),
        preSerialization: async (_request: FastifyRequest, _reply: unknown, payload: unknown) => {
          if ((payload as { success?: boolean })?.success) await removeOrphans(db, storage, kind);
          return payload;
        },
      };
    default:
      return null;
  }
}

function recordHooks(db: Db, kind: FileKind, action: string): Hooks | null {
  if (action !== 'list' && action !== 'queryById') return null;
  return {
    preHandler: async (request) => {
      const rights = await requestRights(db, request);
      if (rights.admin) return;
      const heads = sql`select h.id from ${sql.table(kind.table)} h
        where h.classify_id in (${classifiesWith(rights, kind.powerType, 'view')})`;
      addRequestScope(request, sql`${sql.ref(`main.${kind.recordKey}`)} in (${heads})`);
    },
  };
}

function append(route: RouteOptions, hooks: Hooks): void {
  for (const key of ['preHandler', 'preSerialization'] as const) {
    const own = hooks[key];
    if (own === undefined) continue;
    const existing = route[key];
    const list = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ...(Array.isArray(own) ? own : [own]),
    ];
    (route as unknown as Record<string, unknown>)[key] = list;
  }
}

export function installDocumentGuards(
  app: FastifyInstance,
  db: Db,
  storage: DocumentStorage,
  apiBase: string,
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    for (const kind of KINDS) {
      const [base, action] = [url.slice(0, url.lastIndexOf('/')), url.slice(url.lastIndexOf('/') + 1)];
      const hooks =
        base === kind.basePath
          ? headHooks(db, storage, kind, action)
          : base === kind.recordBasePath
            ? recordHooks(db, kind, action)
            : null;
      if (hooks) append(route, hooks);
    }
  });
}
