/**
 * What every route module is given: the configuration, the database, the SMS provider (and the
 * sign-in throttle's wait). It has
 * its own module so that route modules depend on it and `app.ts` only assembles them (importing the
 * type from app.ts put app.ts and every server file in one import circle).
 */
import type { ServerConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { SmsProvider } from './auth/sms.js';
import type { Pause } from './auth/sign-in-throttle.js';

export interface AppDeps {
  config: ServerConfig;
  database: DatabaseHandle;
  sms: SmsProvider;
  /** The sign-in throttle's wait (a timer unless a test records it); optional for hand-built deps. */
  pause?: Pause;
}
