/**
 * Declared file and image fields (`"widget": "file"` / `"image"`) hold upload paths, and a save may
 * name only uploads its caller made (server/sys/upload-owner.ts, issue 31): on add every path, on
 * edit every path the stored row does not already hold (the form sends the record back whole), for
 * the parent and each child row alike. A path the declaration gives as the field's default is the
 * declaration's. Anything else - another user's upload, a path never uploaded, text that is no
 * path at all - is refused with 文件不存在或不是您上传的.
 */
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { notUploadedBy, UploadOwnerMessages, uploadPaths } from '../sys/upload-owner.js';
import type { Row } from './store.js';

const UPLOAD_WIDGETS: ReadonlySet<string> = new Set(['file', 'image']);

/** The upload paths `values` gives the model's file and image fields that `stored` does not hold. */
function freshPaths(model: EntityModel, values: Row, stored: Row | undefined): string[] {
  const out: string[] = [];
  for (const field of model.declared) {
    if (!UPLOAD_WIDGETS.has(field.widget ?? '') || !Object.hasOwn(values, field.name)) continue;
    const value = values[field.name];
    if (field.default !== undefined && value === field.default) continue;
    const held = new Set(uploadPaths(stored?.[field.name]));
    out.push(...uploadPaths(value).filter((path) => !held.has(path)));
  }
  return out;
}

/** Whether the model has a field this check reads (most have none: no query then). */
export function hasUploadFields(model: EntityModel): boolean {
  return model.declared.some((f) => UPLOAD_WIDGETS.has(f.widget ?? ''));
}

/** The index of the first row naming an upload its caller did not make; null when none does. */
export async function firstForeignUpload(
  db: Db,
  userId: string,
  model: EntityModel,
  rows: readonly { values: Row; stored?: Row }[],
): Promise<number | null> {
  if (!hasUploadFields(model)) return null;
  const fresh = rows.map((row) => freshPaths(model, row.values, row.stored));
  const foreign = new Set(await notUploadedBy(db, userId, fresh.flat()));
  if (foreign.size === 0) return null;
  return fresh.findIndex((paths) => paths.some((path) => foreign.has(path)));
}

/** Refuses a record (add: no `stored`) that names an upload its caller did not make. */
export async function checkRecordUploads(
  db: Db,
  userId: string,
  model: EntityModel,
  values: Row,
  stored?: Row,
): Promise<void> {
  if ((await firstForeignUpload(db, userId, model, [{ values, stored }])) !== null)
    throw new ApiError(UploadOwnerMessages.notYours);
}
