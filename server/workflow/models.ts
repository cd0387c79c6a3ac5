/**
 * 流程模型 (docs/modules/workflow.md, "Models and the modeler"): the drafts the modeler edits, one
 * per process key. A save writes the draft only while it still has the version the designer loaded;
 * 部署 validates the draft and makes it the next numbered version of its key.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import { readProcess } from './bpmn-model.js';
import { starterXml } from './model-xml.js';
import { like, page, paging, realname, type PageQuery } from './queries.js';
import { deploy, type Actor } from './service.js';

export const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const MAX_XML = 1_000_000;

export interface ModelRow {
  id: string;
  modelKey: string;
  name: string;
  description: string | null;
  xml: string;
  deployedVersion: number | null;
  rowVersion: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export async function modelPage(db: Db, query: PageQuery & { modelKey?: string; name?: string }) {
  const p = paging(query);
  return page(
    sql<{ total: number }>`select m.id, m.model_key as "modelKey", m.name, m.description,
        m.deployed_version as "deployedVersion", m.deployed_time as "deployedTime", m.row_version as "rowVersion",
        coalesce(m.update_by, m.create_by) as "savedBy", ${realname(sql`coalesce(m.update_by, m.create_by)`)} as "savedBy_dictText",
        coalesce(m.update_time, m.create_time) as "savedTime", count(*) over () as total
      from wf_model m where true ${like(query.name, sql`m.name`)} ${like(query.modelKey, sql`m.model_key`)}
      order by coalesce(m.update_time, m.create_time) desc, m.id limit ${p.pageSize} offset ${p.offset}`,
    db,
    p,
  );
}

export async function findModel(db: Db, id: string, lock = false): Promise<ModelRow> {
  const { rows } = await sql<ModelRow>`select id, model_key as "modelKey", name, description, xml,
      deployed_version as "deployedVersion", row_version as "rowVersion"
    from wf_model where id = ${id} ${lock ? sql`for update` : sql``}`.execute(db);
  if (!rows[0]) throw new ApiError('流程模型不存在');
  return rows[0];
}

export async function addModel(db: Db, body: Record<string, unknown>, actor: Actor): Promise<string> {
  const modelKey = text(body.modelKey);
  const name = text(body.name);
  const description = text(body.description) || null;
  if (!KEY_PATTERN.test(modelKey)) throw new ApiError('流程标识须以字母开头，仅含字母、数字、下划线、横线');
  if (!name) throw new ApiError('请输入模型名称');
  if (name.length > 200) throw new ApiError('模型名称不能超过200个字');
  if (description && description.length > 500) throw new ApiError('描述不能超过500个字');
  const taken = await sql`select 1 from wf_model where model_key = ${modelKey}
    union all select 1 from wf_definition where process_key = ${modelKey} limit 1`.execute(db);
  if (taken.rows.length > 0) throw new ApiError(`流程标识「${modelKey}」已存在`);
  const id = newId();
  await sql`insert into wf_model (id, model_key, name, description, xml, tenant_id, create_by)
    values (${id}, ${modelKey}, ${name}, ${description}, ${starterXml(modelKey, name)}, ${actor.tenantId},
      ${actor.username}) on conflict (model_key) do nothing`.execute(db);
  return id;
}

/**
 * Saves a draft (it may still be undeployable, but it must be one BPMN process of the model's key)
 * where the model still has `rowVersion`; answers the new version.
 */
export async function saveModel(db: Db, body: Record<string, unknown>, id: string, actor: Actor) {
  const xml = typeof body.xml === 'string' ? body.xml : '';
  const rowVersion = Number(body.rowVersion);
  if (!xml.trim()) throw new ApiError('流程文件不能为空');
  if (xml.length > MAX_XML) throw new ApiError('流程文件不能超过1MB');
  if (!Number.isInteger(rowVersion)) throw new ApiError('缺少版本号，请刷新后重试');
  const model = await findModel(db, id);
  const { model: read, problems } = readProcess(xml);
  const fatal = problems.find((p) => p.startsWith('流程文件'));
  if (fatal) throw new ApiError(fatal);
  if (read.key !== model.modelKey) throw new ApiError(`流程标识须与模型一致：${model.modelKey}`);
  const name = (read.name || model.name).slice(0, 200);
  const result = await sql`update wf_model set xml = ${xml}, name = ${name}, row_version = row_version + 1,
      update_by = ${actor.username}, update_time = now()
    where id = ${id} and row_version = ${rowVersion}`.execute(db);
  if (Number(result.numAffectedRows ?? 0) !== 1) throw new ApiError('该记录已被他人修改，请刷新后重试');
  return { rowVersion: rowVersion + 1, name };
}

export async function deleteModel(db: Db, id: string): Promise<void> {
  await findModel(db, id);
  await sql`delete from wf_model where id = ${id}`.execute(db);
}

export type DeployOutcome =
  { ok: true; version: number; processKey: string; name: string } | { ok: false; problems: string[] };

/** Validates the saved draft; a valid one becomes the next version of its key. */
export async function deployModel(db: Db, id: string, actor: Actor): Promise<DeployOutcome> {
  const model = await findModel(db, id);
  const { model: read, problems } = readProcess(model.xml);
  if (read.key && read.key !== model.modelKey) problems.push(`流程标识须与模型一致：${model.modelKey}`);
  if (problems.length > 0) return { ok: false, problems };
  const made = await deploy(db, model.xml, actor);
  await sql`update wf_model set deployed_version = ${made.version}, deployed_time = now()
    where id = ${id}`.execute(db);
  return { ok: true, version: made.version, processKey: made.processKey, name: made.name };
}

/** The shipped models appear as models too (once), with the version that is deployed. */
export async function ensureModel(db: Db, key: string, name: string, xml: string, version: number) {
  await sql`insert into wf_model (id, model_key, name, xml, deployed_version, deployed_time, create_by)
    values (${newId()}, ${key}, ${name}, ${xml}, ${version}, now(), 'admin')
    on conflict (model_key) do nothing`.execute(db);
}
