/**
 * 导出为文件 (docs/modules/online-forms.md): the current version of a designed declaration as the
 * file it would be in `schemas/` — the meta-schema hint first, the keys in the language's order, and
 * the screen's menu row (if 生成菜单 made one) as the `menu` key, so the file brings its menu along
 * to an environment that starts from it. The result is checked like a file before it is answered.
 */
import type { FastifyInstance } from 'fastify';
import metaSchema from '../../schemas/meta/declaration.schema.json';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { formatIssue } from '../../runtime/model/declaration/types.js';
import type { Db } from '../db/database.js';
import { asRecord } from '../entity/body.js';
import { checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import { menuOf } from './bundle.js';
import { CGFORM_PERMS } from './designer-routes.js';
import { OnlineMessages } from './messages.js';
import type { OnlineContext } from './save.js';
import { headById, versionJson } from './store.js';

/** Where the exported file points its editor for completion (schemas/<folder>/<name>.json). */
export const FILE_SCHEMA_HINT = '../meta/declaration.schema.json';

const KEY_ORDER = Object.keys(metaSchema.properties);
const MENU_PARENT = /^(\/[a-zA-Z][a-zA-Z0-9_-]{0,40}){1,4}$/;
const MENU_PATH = /^(\/[a-zA-Z][a-zA-Z0-9_-]{0,40}){1,5}$/;
const ICON = /^[A-Za-z][A-Za-z0-9]{0,60}$/;

export interface ExportedFile {
  fileName: string;
  content: string;
}

/** The declaration's keys in the meta-schema's order, `$schema` first; unknown keys keep their place last. */
export function fileOrder(declaration: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { $schema: FILE_SCHEMA_HINT };
  for (const key of KEY_ORDER) if (key !== '$schema' && key in declaration) out[key] = declaration[key];
  for (const [key, value] of Object.entries(declaration)) if (!(key in out)) out[key] = value;
  return out;
}

/** The `menu` key of the file from the screen's menu row, when the row can be written as one. */
async function menuKey(db: Db, name: string): Promise<Record<string, unknown> | undefined> {
  const row = await menuOf(db, name);
  if (!row?.parentUrl || !MENU_PARENT.test(row.parentUrl) || !MENU_PATH.test(row.url)) return undefined;
  const title = row.name.trim().slice(0, 100);
  return {
    parent: row.parentUrl,
    path: row.url,
    ...(title ? { title } : {}),
    ...(row.icon && ICON.test(row.icon) ? { icon: row.icon } : {}),
    order: Math.min(10_000, Math.max(0, row.sortNo ?? 100)),
  };
}

/** The file of a designed declaration's current version. */
export async function exportFile(db: Db, id: string): Promise<ExportedFile> {
  const head = await headById(db, id);
  const json = head ? await versionJson(db, head.id, head.currentVersion) : undefined;
  if (!head || json === undefined) throw new ApiError(OnlineMessages.notFound);
  const declaration = JSON.parse(json) as Record<string, unknown>;
  const menu = declaration.menu ? undefined : await menuKey(db, head.name);
  const file = fileOrder(menu ? { ...declaration, menu } : declaration);
  const fileName = `${head.name}.json`;
  const check = loadDeclaration({ file: fileName, json: file });
  if (!check.value)
    throw new ApiError(OnlineMessages.exportInvalid(check.issues.map(formatIssue).join('；')));
  return { fileName, content: `${JSON.stringify(file, null, 2)}\n` };
}

export function registerExportFileRoute(app: FastifyInstance, ctx: OnlineContext): void {
  app.get('/online/cgform/head/exportFile', { config: { access: { perm: CGFORM_PERMS.list } } }, (request) =>
    guarded(async () => ok(await exportFile(ctx.db, checkId(asRecord(request.query).id)))),
  );
}
