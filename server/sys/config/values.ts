/**
 * 系统配置 values: typed by their row (string, number, boolean, json), checked on save with the
 * messages below, and read by the server through `configValue`, which keeps each answer for
 * CACHE_TTL_MS. A save through the screen drops the copies of this process at once; other server
 * instances see a change within the TTL (the cache is per process and the change is not broadcast).
 */
import type { Db } from '../../db/database.js';
import { ApiError } from '../../result.js';
import { adminDb, type ConfigType } from './tables.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type ConfigValue = string | number | boolean | JsonValue;

export const ConfigMessages = {
  notNumber: '配置值必须是数字',
  notBoolean: '配置值必须是 true 或 false',
  notJson: '配置值必须是有效的JSON',
  badType: '配置类型只能是 string、number、boolean 或 json',
  liveType: (name: string) => `“${name}”由系统读取，类型必须为 number`,
  liveRange: (name: string, min: number, max: number) =>
    `“${name}”必须是${min}到${max}之间的整数，留空则使用默认值`,
} as const;

export const CONFIG_TYPES: readonly ConfigType[] = ['string', 'number', 'boolean', 'json'];

/** How long a read value is trusted without a change heard (other instances' saves). */
export const CACHE_TTL_MS = 30_000;

/**
 * A stored text as its type's value; undefined for '' (not set). Throws ApiError with the type's
 * message when the text does not fit.
 */
export function parseConfigValue(type: string, raw: string): ConfigValue | undefined {
  if (!(CONFIG_TYPES as readonly string[]).includes(type)) throw new ApiError(ConfigMessages.badType);
  const text = raw.trim();
  if (type === 'string') return raw === '' ? undefined : raw;
  if (text === '') return undefined;
  switch (type as ConfigType) {
    case 'number': {
      // Number('') and Number(' ') are 0 and '0x10' is 16: only plain decimal text is a number here.
      if (!/^-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new ApiError(ConfigMessages.notNumber);
      const value = Number(text);
      if (!Number.isFinite(value)) throw new ApiError(ConfigMessages.notNumber);
      return value;
    }
    case 'boolean':
      if (text === 'true') return true;
      if (text === 'false') return false;
      throw new ApiError(ConfigMessages.notBoolean);
    default:
      try {
        return JSON.parse(text) as JsonValue;
      } catch {
        throw new ApiError(ConfigMessages.notJson);
      }
  }
}

interface Entry {
  value: Promise<ConfigValue | undefined>;
  loadedAt: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

async function readValue(db: Db, key: string): Promise<ConfigValue | undefined> {
  const row = await adminDb(db)
    .selectFrom('sysConfig')
    .select(['configValue', 'configType'])
    .where('configKey', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    return parseConfigValue(row.configType, row.configValue);
  } catch {
    // A row written past the screen (a SQL console) that does not fit its type counts as not set.
    return undefined;
  }
}

/** The typed value of a setting, or undefined when it has no row or an empty value. */
export function configValue(db: Db, key: string, now = Date.now()): Promise<ConfigValue | undefined> {
  const cache = cacheOf(db);
  const held = cache.get(key);
  if (held && now - held.loadedAt < CACHE_TTL_MS) return held.value;
  const entry: Entry = { value: readValue(db, key), loadedAt: now };
  cache.set(key, entry);
  // A failed read is not remembered.
  entry.value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.value;
}

/** Forgets every cached value of this database (after a save through the screen). */
export function dropConfigCache(db: Db): void {
  caches.get(db)?.clear();
}
