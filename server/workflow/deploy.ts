/**
 * Deploying a model as the next version of its key (immutable), after validation.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import { readProcess } from './bpmn-model.js';
import type { Actor } from './service.js';

/**
 * Deploys an XML as the next version of its process key (immutable), after validation;
 * `unlessSame`: answers the version that has the very same XML when there is one (a shipped model is
 * deployed once, and an admin's later version of its key is not replaced at the next start).
 */
export async function deploy(db: Db, xml: string, actor: Actor, unlessSame = false) {
  const { model, problems } = readProcess(xml);
  if (problems.length > 0) throw new ApiError(`流程校验未通过：${problems.join('；')}`);
  return db.transaction().execute(async (trx) => {
    // Serialises deploys of one key (the unique index would refuse the loser anyway).
    await sql`select pg_advisory_xact_lock(hashtext(${`wf:${model.key}`}))`.execute(trx);
    if (unlessSame) {
      const same = await sql<{ id: string; v: number; name: string }>`select id, version as v, name
        from wf_definition where process_key = ${model.key} and xml = ${xml} order by version desc limit 1`.execute(
        trx,
      );
      const found = same.rows[0];
      if (found) return { id: found.id, processKey: model.key, version: found.v, name: found.name };
    }
    const { rows } = await sql<{ v: number | null }>`select max(version) as v from wf_definition
      where process_key = ${model.key}`.execute(trx);
    const version = Number(rows[0]?.v ?? 0) + 1;
    const id = newId();
    await sql`insert into wf_definition (id, process_key, version, name, xml, model, tenant_id, create_by)
      values (${id}, ${model.key}, ${version}, ${model.name || model.key}, ${xml}, ${JSON.stringify(model)},
        ${actor.tenantId}, ${actor.username})`.execute(trx);
    return { id, processKey: model.key, version, name: model.name || model.key };
  });
}
