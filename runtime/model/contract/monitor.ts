/**
 * What the 系统监控 endpoints answer (server/monitor), shared by the server that writes them and
 * the screens that read them (screens/monitor).
 */

export interface SlowStatement {
  query: string;
  calls: number;
  meanMs: number;
  totalMs: number;
  rows: number;
}

export interface DatabaseInfo {
  kind: 'pglite' | 'postgres';
  version: string;
  /** server_version, e.g. 15.20 (Debian 15.20-0+deb12u1). */
  serverVersion: string;
  name: string;
  sizeBytes: number;
  connections: { active: number; idle: number; total: number; max: number };
  /** The app's own pool (PostgreSQL); PGlite is one connection handed out in turn. */
  pool: { total: number; idle: number; waiting: number; max: number } | null;
  cacheHitRatio: number | null;
  commits: number;
  rollbacks: number;
  deadlocks: number;
  /** rows: exact up to EXACT_COUNT_BYTES, the statistics' estimate above. */
  tables: { name: string; rows: number; estimated: boolean; sizeBytes: number }[];
  slowStatements: SlowStatement[] | null;
  /** Why slowStatements is null. */
  slowStatementsNote: string;
}

export interface RedisSummary {
  version: string;
  mode: string;
  role: string;
  uptimeSeconds: number;
  connectedClients: number;
  usedMemory: number;
  usedMemoryPeak: number;
  maxMemory: number;
  opsPerSecond: number;
  hitRatio: number | null;
  totalKeys: number;
  dbSize: number;
}
