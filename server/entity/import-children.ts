/**
 * The import of a parent with its children (docs/modules/one-to-many.md, "Import and
 * export with children"): a workbook with the parent's sheet and a sheet per child, named by the
 * child's title, whose first column is the parent row's number in the parent's sheet. Every parent
 * row is saved with its child rows through the add route's own checks and writes (prepareAdd), all
 * in ONE transaction: the first refusal anywhere stops the import and nothing is stored. Sheets
 * that are neither a child's nor the parent's (the first other sheet) are ignored.
 */
import type { FastifyRequest } from 'fastify';
import { LogicError } from '../../runtime/model/declaration/logic.js';
import { ApiError } from '../result.js';
import { ChildError } from './child-rows.js';
import {
  childSheetsOf,
  ChildSheetMessages,
  linkTitleOf,
  mayUseChild,
  type ChildSheet,
} from './child-sheets.js';
import { ROW_NUMBER_KEY } from './child-payload.js';
import { DictTexts } from './import-dicts.js';
import {
  ImportReadMessages,
  openWorkbook,
  uploadSheetNames,
  type OpenBook,
  type SheetRow,
} from './import-read.js';
import { mapHeader } from './import-rows.js';
import { prepareAdd } from './record-save.js';
import { userIdOf, type EntityDeps } from './route-kit.js';
import { EntityStore, type Row } from './store.js';

/** Parent rows whose dictionary texts are looked up together. */
const CHUNK_ROWS = 500;

/** A refusal of a row or a sheet: the import stops and stores nothing. */
export class ImportStopped extends Error {}

interface ChildRow {
  line: number;
  values: Row;
}

/** Whether an upload holds a child's sheet (then it is imported with its children). */
export function hasChildSheets(
  deps: EntityDeps,
  store: EntityStore,
  files: { name: string; data: Buffer }[],
) {
  const names = new Set(childSheetsOf(store.model, deps.storeOf).map((s) => s.sheetName));
  return names.size > 0 && files.some((f) => uploadSheetNames(f.name, f.data).some((n) => names.has(n)));
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof LogicError) return error.message;
  throw error;
}

/** A child sheet's rows by the parent row they name (dictionary texts already turned into values). */
async function readChildSheet(
  deps: EntityDeps,
  book: OpenBook,
  sheet: ChildSheet,
  link: string,
): Promise<Map<number, ChildRow[]>> {
  const out = new Map<number, ChildRow[]>();
  const opened = await book.open(sheet.sheetName);
  if (!opened) return out;
  const name = sheet.sheetName;
  const linkIndex = opened.header.indexOf(link);
  if (linkIndex < 0) throw new ImportStopped(ChildSheetMessages.noLinkColumn(name, link));
  let columns;
  try {
    columns = mapHeader(sheet.store, opened.header).filter(
      (c) => c.index !== linkIndex && c.field !== sheet.foreignKey,
    );
  } catch (error) {
    throw new ImportStopped(`${name}：${messageOf(error)}`);
  }
  const dicts = new DictTexts(deps.db);
  const take = async (chunk: SheetRow[]) => {
    await dicts.learn(columns, chunk);
    for (const { line, cells } of chunk) {
      const text = cells[linkIndex] ?? '';
      const parent = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(parent))
        throw new ImportStopped(ChildSheetMessages.badLink(name, line, link, text));
      let values: Row;
      try {
        values = dicts.values(columns, cells);
      } catch (error) {
        throw new ImportStopped(`${name}第${line}行：${messageOf(error)}`);
      }
      const rows = out.get(parent);
      if (rows && sheet.decl.relation === 'oneToOne')
        throw new ImportStopped(ChildSheetMessages.oneOnly(name, line, link, parent));
      if (rows) rows.push({ line, values });
      else out.set(parent, [{ line, values }]);
    }
  };
  let chunk: SheetRow[] = [];
  for await (const row of opened.rows) {
    chunk.push(row);
    if (chunk.length >= CHUNK_ROWS * 4) {
      await take(chunk);
      chunk = [];
    }
  }
  await take(chunk);
  return out;
}

export interface ChildImportCounts {
  parents: number;
  /** Rows imported per child sheet present in the upload. */
  children: Map<string, number>;
}

/**
 * Imports every file (the parent's sheet and its child sheets) in ONE transaction; throws
 * ImportStopped at the first refusal, which rolls everything back. `foreign` is set on every parent.
 */
export async function importWithChildren(
  request: FastifyRequest,
  deps: EntityDeps,
  store: EntityStore,
  files: { name: string; data: Buffer }[],
  foreign: Row,
): Promise<ChildImportCounts> {
  return deps.db.transaction().execute(async (trx) => {
    // Every check and write of the saves runs in the transaction: later rows see earlier ones, and
    // the embedded database (one connection, held by the transaction) is never asked outside it.
    const stores = new Map<string, EntityStore | undefined>();
    const storeOf = (name: string) => {
      if (!stores.has(name)) {
        const root = deps.storeOf(name);
        stores.set(name, root && new EntityStore(trx, root.model, deps.timeZone));
      }
      return stores.get(name);
    };
    const inTrx: EntityDeps = { ...deps, db: trx, storeOf };
    const own = new EntityStore(trx, store.model, deps.timeZone);
    return importFiles(request, inTrx, own, files, foreign, (write) => write(trx));
  });
}

async function importFiles(
  request: FastifyRequest,
  deps: EntityDeps,
  store: EntityStore,
  files: { name: string; data: Buffer }[],
  foreign: Row,
  run: (write: Awaited<ReturnType<typeof prepareAdd>>) => Promise<void>,
): Promise<ChildImportCounts> {
  const userId = userIdOf(request);
  const sheets = childSheetsOf(store.model, deps.storeOf);
  const link = linkTitleOf(store.model);
  const several = files.length > 1;
  const counts: ChildImportCounts = { parents: 0, children: new Map() };
  for (let file = files.shift(); file; file = files.shift()) {
    const where = several ? `${file.name} ` : '';
    const book = await openWorkbook(file.name, file.data);
    const present = sheets.filter((s) => book.names.includes(s.sheetName));
    const children = new Map<ChildSheet, Map<number, ChildRow[]>>();
    try {
      for (const sheet of present) {
        if (!(await mayUseChild(deps.db, userId, sheet.store.model, 'add')))
          throw new ImportStopped(ChildSheetMessages.noPermission(sheet.title));
        children.set(sheet, await readChildSheet(deps, book, sheet, link));
      }
    } catch (error) {
      if (error instanceof ImportStopped) throw new ImportStopped(`${where}${error.message}`);
      throw error;
    }
    // The parent's sheet: the first that is not a child's.
    const parentName = book.names.find((n) => !present.some((s) => s.sheetName === n));
    const parent = parentName === undefined ? undefined : await book.open(parentName);
    if (parentName === undefined || !parent) throw new ApiError(ImportReadMessages.empty(file.name));
    const columns = mapHeader(store, parent.header);
    const dicts = new DictTexts(deps.db);
    const lines = new Set<number>();
    const save = async ({ line, cells }: SheetRow) => {
      lines.add(line);
      try {
        const body: Row = { ...dicts.values(columns, cells), ...foreign };
        for (const [sheet, byParent] of children) {
          const rows = byParent.get(line);
          // A one-to-one child is the section's values object, as the form sends it.
          if (rows)
            body[sheet.decl.entity] =
              sheet.decl.relation === 'oneToOne'
                ? rows[0].values
                : { added: rows.map((r) => ({ ...r.values, [ROW_NUMBER_KEY]: r.line })) };
        }
        await run(await prepareAdd(request, deps, store, body));
      } catch (error) {
        const message = messageOf(error);
        throw new ImportStopped(
          error instanceof ChildError ? `${where}${message}` : `${where}${parentName}第${line}行：${message}`,
        );
      }
      counts.parents += 1;
    };
    let chunk: SheetRow[] = [];
    const flush = async () => {
      await dicts.learn(columns, chunk);
      for (const row of chunk) await save(row);
      chunk = [];
    };
    for await (const row of parent.rows) {
      chunk.push(row);
      if (chunk.length >= CHUNK_ROWS) await flush();
    }
    await flush();
    for (const [sheet, byParent] of children) {
      for (const [target, rows] of byParent)
        if (!lines.has(target))
          throw new ImportStopped(
            `${where}${ChildSheetMessages.dangling(sheet.sheetName, rows[0].line, link, target)}`,
          );
      const n = [...byParent.values()].reduce((sum, rows) => sum + rows.length, 0);
      counts.children.set(sheet.sheetName, (counts.children.get(sheet.sheetName) ?? 0) + n);
    }
  }
  return counts;
}
