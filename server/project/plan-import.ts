/**
 * Importing a plan's tasks from .xlsx (docs/modules/projects.md, 计划与任务 → Import), all or
 * nothing: every row is checked like an add (the engine's RowChecker), then, inside the import's
 * transaction with the plan rows locked, against the plan's stored tasks and the other imported
 * rows (name unique in the plan, parent / predecessor exist, dates inside the plan and the parent,
 * no cycle: plan-rules.ts). Any failure stores nothing and names the failing rows; when rows
 * failed, the answer (still success false) carries code 201 and the error workbook of those rows
 * with their reasons (`fileUrl`, the engine's import-error download).
 *
 * Rights: the plan's project's edit right (its manager, its creator, `project:all`), checked on
 * every plan the rows name. Two routes serve it: the declared `POST /plan/planTask/importExcel`
 * (button permission 导入任务明细; plan-guard.ts replaces its handler, as the engine's handler stores
 * the valid rows of a partly bad sheet and knows nothing of the plan rules) and
 * `POST /plan/planTask/importTasks` (signed in: project managers on staff accounts have no button
 * permission; the rights above decide; the 导入任务 panel of 全部计划, screens/project/PlanImport.tsx).
 */
import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { createRecordValidation } from '../../runtime/model/declaration/record-validator.js';
import type { Db } from '../db/database.js';
import { createDateFormatter } from '../http/dates.js';
import { fieldAccessOf } from '../entity/field-permissions.js';
import { ImportMessages } from '../entity/import.js';
import { ERROR_FILE_ROUTE, writeErrorWorkbook } from '../entity/import-errors.js';
import { openFirstSheet, type SheetRow } from '../entity/import-read.js';
import { mapHeader, RowChecker, type RowOutcome } from '../entity/import-rows.js';
import { access, callerOf, guarded, userIdOf, type EntityDeps } from '../entity/route-kit.js';
import { EntityStore, type Row } from '../entity/store.js';
import { ApiError, fail, okMessage } from '../result.js';
import { viewerOf, type Viewer } from './access.js';
import { afterSave, type TaskRow } from './plan-after-save.js';
import { needPlanEditor, seesPlan } from './plan-guard.js';
import { cycleProblem, dateProblem, referenceProblem, tasksByName } from './plan-rules.js';

export const PlanImportMessages = {
  failed: (rows: string) => `${rows}，未导入任何数据`,
  nameTaken: (taskName: string) => `任务名称“${taskName}”在本计划中已存在`,
  cycle: (problem: string) => `导入的任务：${problem}`,
  planAmbiguous: (text: string) => `所属计划“${text}”有多个同名计划，请填写计划编号`,
} as const;

/** Rows named in a refusal (the rest are counted). */
const NAMED_ROWS = 20;
const CHUNK_ROWS = 2000;

interface Upload {
  files: { name: string; data: Buffer }[];
  planId: string | null;
}

/** foreignKeys: only `{"planId": "<id>"}` is accepted here. */
function planIdOf(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(ImportMessages.badForeignKeys);
  }
  const planId = (parsed as { planId?: unknown } | null)?.planId;
  if (typeof planId !== 'string' || Object.keys(parsed as object).length !== 1)
    throw new ApiError(ImportMessages.badForeignKeys);
  return planId;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new ApiError(ImportMessages.noFile);
  const upload: Upload = { files: [], planId: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        upload.files.push({ name: file.filename, data: await file.toBuffer() });
      } else if (part.fieldname === 'foreignKeys' && typeof part.value === 'string' && part.value)
        upload.planId = planIdOf(part.value);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(ImportMessages.tooLarge);
    throw error;
  }
  if (upload.files.length === 0) throw new ApiError(ImportMessages.noFile);
  return upload;
}

/** What a 所属计划 cell names among the plans the viewer sees: a plan's id, or several plans. */
type PlanPick = string | { ambiguous: true };

/**
 * The 所属计划 cells of a chunk (a plan's name, its number or its id, as 项目任务's export writes the
 * name) resolved among the live plans the viewer sees, so a name another project's plan shares
 * never picks a plan the importer cannot see. Texts no visible plan has are left to the row check.
 */
async function planPicks(db: Db, viewer: Viewer, texts: readonly string[]): Promise<Map<string, PlanPick>> {
  const picks = new Map<string, PlanPick>();
  if (texts.length === 0) return picks;
  const { rows } = await sql<{ id: string; planName: string; planCode: string | null }>`select p.id,
      p.plan_name as "planName", p.plan_code as "planCode"
    from biz_project_plan p
    where p.del_flag = 0 and ${seesPlan('p', viewer)}
      and (p.id in (${sql.join(texts)}) or p.plan_code in (${sql.join(texts)})
        or p.plan_name in (${sql.join(texts)}))`.execute(db);
  for (const text of texts) {
    // An id or a number names one plan; a name may be shared.
    const exact = rows.filter((r) => r.id === text || r.planCode === text);
    const named = exact.length > 0 ? exact : rows.filter((r) => r.planName === text);
    if (named.length === 1) picks.set(text, named[0]!.id);
    else if (named.length > 1) picks.set(text, { ambiguous: true });
  }
  return picks;
}

/**
 * A chunk's rows with their 所属计划 cells as plan ids (planPicks); the outcomes keep the cells as
 * the user wrote them, for the error workbook. A name several visible plans share fails its row.
 */
async function checkChunk(
  checker: RowChecker,
  sheet: Parameters<RowChecker['check']>[0],
  rows: readonly SheetRow[],
  plans: (texts: readonly string[]) => Promise<Map<string, PlanPick>>,
): Promise<RowOutcome[]> {
  const column = sheet.columns.find((c) => c.field.name === 'planId');
  if (!column) return checker.check(sheet, rows);
  const textOf = (row: SheetRow) => (row.cells[column.index] ?? '').trim();
  const picks = await plans([...new Set(rows.map(textOf).filter((t) => t !== ''))]);
  const resolved = rows.map((row) => {
    const pick = picks.get(textOf(row));
    if (typeof pick !== 'string') return row;
    const cells = [...row.cells];
    cells[column.index] = pick;
    return { ...row, cells };
  });
  const outcomes = await checker.check(sheet, resolved);
  outcomes.forEach((outcome, i) => {
    const row = rows[i]!;
    outcome.cells = row.cells;
    const pick = picks.get(textOf(row));
    if (pick !== undefined && typeof pick !== 'string') {
      outcome.reason = PlanImportMessages.planAmbiguous(textOf(row));
      delete outcome.values;
    }
  });
  return outcomes;
}

/** Every row of every file, checked like an add (inside the transaction). */
async function checkedRows(
  checker: RowChecker,
  store: EntityStore,
  upload: Upload,
  plans: (texts: readonly string[]) => Promise<Map<string, PlanPick>>,
): Promise<RowOutcome[]> {
  const out: RowOutcome[] = [];
  for (const file of upload.files) {
    const sheet = await openFirstSheet(file.name, file.data);
    const columns = mapHeader(store, sheet.header);
    let chunk: SheetRow[] = [];
    const flush = async () => {
      out.push(
        ...(await checkChunk(checker, { file: file.name, header: sheet.header, columns }, chunk, plans)),
      );
      chunk = [];
    };
    for await (const row of sheet.rows) {
      chunk.push(row);
      if (chunk.length >= CHUNK_ROWS) await flush();
    }
    await flush();
  }
  return out;
}

/** The plan rules over each plan's stored tasks plus its imported rows; failing rows get a reason. */
async function checkAgainstPlans(trx: Db, rows: RowOutcome[]): Promise<string[]> {
  const general: string[] = [];
  const byPlan = new Map<string, RowOutcome[]>();
  for (const row of rows)
    if (row.values)
      byPlan.set(String(row.values.planId), [...(byPlan.get(String(row.values.planId)) ?? []), row]);
  if (byPlan.size === 0) return general;
  // Plan saves lock the plan row too: nobody changes the plan's tasks between check and insert.
  await sql`select id from biz_project_plan where id in (${sql.join([...byPlan.keys()])})
    order by id for update`.execute(trx);
  for (const [planId, imported] of byPlan) {
    const stored = await afterSave.storedPlan(trx, planId);
    const storedNames = new Set((stored?.tasks ?? []).map((t) => t.taskName.trim()));
    const facts = imported.map((row) => afterSave.applyOne([], row.values!, undefined)[0]!);
    const all: TaskRow[] = [...(stored?.tasks ?? []), ...facts];
    const byName = tasksByName(all);
    const seen = new Set<string>();
    imported.forEach((row, i) => {
      const task = facts[i]!;
      const own = task.taskName.trim();
      const problem =
        storedNames.has(own) || seen.has(own)
          ? PlanImportMessages.nameTaken(own)
          : (referenceProblem(task, byName) ?? dateProblem(task, byName, stored ?? {}));
      seen.add(own);
      if (problem) {
        row.reason = problem;
        delete row.values;
      }
    });
    if (imported.every((row) => row.values)) {
      const cycle = cycleProblem(byName);
      if (cycle) general.push(PlanImportMessages.cycle(cycle));
    }
  }
  return general;
}

export async function importPlanTasks(deps: EntityDeps, store: EntityStore, request: FastifyRequest) {
  const viewer = await viewerOf(deps.db, request);
  const caller = callerOf(request, deps);
  const upload = await readUpload(request);
  // The plan named up front is checked before any row is read.
  if (upload.planId !== null) await needPlanEditor(deps.db, viewer, [upload.planId]);
  const foreign: Row = upload.planId !== null ? { planId: upload.planId } : {};
  const fieldAccess = await fieldAccessOf(deps.db, store.model, userIdOf(request));
  const several = upload.files.length > 1;
  return deps.db.transaction().execute(async (trx) => {
    const trxStore = new EntityStore(trx, store.model, deps.timeZone);
    const checker = new RowChecker(deps, trx, trxStore, caller, fieldAccess, foreign);
    const rows = await checkedRows(checker, trxStore, upload, (texts) => planPicks(trx, viewer, texts));
    const plans = [...new Set(rows.flatMap((r) => (r.values ? [String(r.values.planId)] : [])))];
    await needPlanEditor(trx, viewer, plans);
    const general = await checkAgainstPlans(trx, rows);
    const failed = rows.filter((r) => !r.values);
    if (failed.length > 0 || general.length > 0) {
      const named = failed
        .slice(0, NAMED_ROWS)
        .map((r) => `${several ? `${r.file} ` : ''}第${r.line}行：${r.reason ?? ''}`);
      if (failed.length > NAMED_ROWS) named.push(`等${failed.length}行`);
      const refused = fail(PlanImportMessages.failed([...named, ...general].join('；')));
      if (failed.length === 0 || !deps.dataDir) return refused;
      // Nothing is stored; code 201 names the error workbook: every failing row with its reason.
      const name = await writeErrorWorkbook(deps.dataDir, userIdOf(request), failed);
      return {
        ...refused,
        code: 201,
        result: {
          msg: refused.message,
          fileUrl: `${ERROR_FILE_ROUTE}/${name}`,
          fileName: '导入错误数据.xlsx',
          errorMessage: named,
          totalCount: rows.length,
          successCount: 0,
          errorCount: failed.length,
        },
      };
    }
    const valid = rows.map((r) => ({ id: randomUUID().replace(/-/g, ''), values: r.values! }));
    await trxStore.insertMany(caller, valid);
    return okMessage(ImportMessages.done(valid.length));
  });
}

/** What the import needs of the entity engine, made once the declarations are loaded. */
export function planImportDeps(
  db: Db,
  timeZone: string,
  now: () => string,
  model: EntityModel,
  dataDir = '',
) {
  const deps: EntityDeps = {
    db,
    timeZone,
    validation: createRecordValidation(),
    now,
    formatDate: createDateFormatter(timeZone),
    dataDir, // the error workbook of a refused import ('' : none, the message names the rows)
    storeOf: () => undefined,
  };
  return { deps, store: new EntityStore(db, model, timeZone) };
}

export type PlanImporter = ReturnType<typeof planImportDeps>;

export function registerPlanImport(app: FastifyInstance, importer: PlanImporter): void {
  app.post('/plan/planTask/importTasks', access(null), (request) =>
    guarded(() => importPlanTasks(importer.deps, importer.store, request)),
  );
}
