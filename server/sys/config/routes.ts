/**
 * 系统配置 (schemas/system/sys-config.json, generated routes at /sys/config): the value is checked
 * against its type on save, and the settings the server reads are applied at start, after every
 * save and every CACHE_TTL_MS (so a save on another instance arrives too).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { checkId } from '../../entity/route-kit.js';
import { applyLiveSettings, checkLiveValue, liveDefaults, liveSetting } from './live.js';
import { installSaveGuard, type SaveMode } from './save-guard.js';
import { adminDb } from './tables.js';
import { CACHE_TTL_MS, dropConfigCache, parseConfigValue } from './values.js';

export const CONFIG_BASE = '/sys/config';

function text(value: unknown, fallback: string): string {
  return value === undefined || value === null ? fallback : String(value);
}

/** The row a save would leave: the stored one (on edit) with the body's fields over it. */
async function resulting(db: Db, body: Record<string, unknown>, mode: SaveMode) {
  let stored: { configKey: string; configType: string; configValue: string } | undefined;
  if (mode === 'edit') {
    stored = await adminDb(db)
      .selectFrom('sysConfig')
      .select(['configKey', 'configType', 'configValue'])
      .where('id', '=', checkId(body.id))
      .executeTakeFirst();
    // The generated edit answers "not found" itself.
    if (!stored) return null;
  }
  return {
    key: text(body.configKey, stored?.configKey ?? ''),
    type: text(body.configType, stored?.configType ?? 'string'),
    value: text(body.configValue, stored?.configValue ?? ''),
  };
}

export async function checkConfigSave(db: Db, body: Record<string, unknown>, mode: SaveMode): Promise<void> {
  const row = await resulting(db, body, mode);
  if (!row) return;
  const value = parseConfigValue(row.type, row.value);
  const live = liveSetting(row.key.trim());
  if (live) checkLiveValue(live, row.type, value);
}

export async function registerConfigRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const { config } = deps;
  const defaults = liveDefaults(config);
  const apply = async () => {
    dropConfigCache(db);
    await applyLiveSettings(db, config, defaults);
  };
  installSaveGuard(app, config.apiBase, {
    basePath: CONFIG_BASE,
    check: (body, mode) => checkConfigSave(db, body, mode),
    changed: apply,
  });
  await apply();
  const timer = setInterval(() => {
    apply().catch((error: unknown) => app.log.warn({ err: error }, 'system settings not refreshed'));
  }, CACHE_TTL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
