/**
 * Settings the server reads from 系统配置. Each overrides one field of the server's configuration
 * (whose value came from the environment, see README's configuration table): the sign-in throttle,
 * the session's idle and absolute limits, the password's validity. Every reader of those fields
 * takes them from the one ServerConfig object at call time, so writing the stored value onto that
 * object is enough; an empty value (or a deleted row) brings the environment's value back.
 */
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../result.js';
import { ConfigMessages, configValue } from './values.js';

type NumericField =
  'loginMaxFailures' | 'loginWindowMinutes' | 'sessionIdleMinutes' | 'sessionMaxHours' | 'passwordExpireDays';

export interface LiveSetting {
  key: string;
  name: string;
  field: NumericField;
  min: number;
  max: number;
  /** The environment variable whose value applies while the setting is empty. */
  env: string;
}

export const LIVE_SETTINGS: readonly LiveSetting[] = [
  {
    key: 'login.maxFailures',
    name: '登录失败锁定次数',
    field: 'loginMaxFailures',
    min: 1,
    max: 100,
    env: 'LOGIN_MAX_FAILURES',
  },
  {
    key: 'login.windowMinutes',
    name: '登录失败计数时长（分钟）',
    field: 'loginWindowMinutes',
    min: 1,
    max: 1440,
    env: 'LOGIN_WINDOW_MINUTES',
  },
  {
    key: 'session.idleMinutes',
    name: '会话空闲超时（分钟）',
    field: 'sessionIdleMinutes',
    min: 5,
    max: 1440,
    env: 'SESSION_IDLE_MINUTES',
  },
  {
    key: 'session.maxHours',
    name: '会话最长时长（小时）',
    field: 'sessionMaxHours',
    min: 1,
    max: 8760,
    env: 'SESSION_MAX_HOURS',
  },
  {
    key: 'password.expireDays',
    name: '密码有效期（天）',
    field: 'passwordExpireDays',
    min: 1,
    max: 3650,
    env: 'PASSWORD_EXPIRE_DAYS',
  },
];

const byKey = new Map(LIVE_SETTINGS.map((s) => [s.key, s]));

export function liveSetting(key: string): LiveSetting | undefined {
  return byKey.get(key);
}

/** A live setting must be a number in its range; '' leaves the environment's value in force. */
export function checkLiveValue(setting: LiveSetting, type: string, value: unknown): void {
  if (type !== 'number') throw new ApiError(ConfigMessages.liveType(setting.name));
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < setting.min || value > setting.max)
    throw new ApiError(ConfigMessages.liveRange(setting.name, setting.min, setting.max));
}

export type LiveDefaults = Readonly<Record<NumericField, number>>;

/** The environment's values, taken once before any stored value is applied. */
export function liveDefaults(config: ServerConfig): LiveDefaults {
  return Object.fromEntries(LIVE_SETTINGS.map((s) => [s.field, config[s.field]])) as LiveDefaults;
}

/** Writes the stored values (or the environment's, where none is stored) onto the configuration. */
export async function applyLiveSettings(db: Db, config: ServerConfig, defaults: LiveDefaults): Promise<void> {
  for (const setting of LIVE_SETTINGS) {
    const value = await configValue(db, setting.key);
    const usable =
      typeof value === 'number' && Number.isInteger(value) && value >= setting.min && value <= setting.max;
    config[setting.field] = usable ? value : defaults[setting.field];
  }
}
