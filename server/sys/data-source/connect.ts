/**
 * 测试连接: opens one PostgreSQL connection with the data source's settings, runs `select 1` and
 * closes it, within CONNECT_TIMEOUT_MS for the connection and as much again for the statement.
 * `connectFailure` puts what went wrong in words (refused, unknown host, timeout, wrong password,
 * no such database; the driver's own text where no word fits). Those words go to the server log
 * only: the admin's answer is one message for every failure (issue 31), since telling a closed
 * port from a refusing server made 测试连接 a port scanner of the server's network.
 */
import pg from 'pg';

export const CONNECT_TIMEOUT_MS = 5000;

export interface ConnectionSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string | null;
}

export const ConnectMessages = {
  ok: '连接成功',
  /** 测试连接's one answer for every failure; the reason is logged. */
  unavailable: '连接失败，请检查数据源的主机、端口、数据库、用户名和密码',
  failed: (reason: string) => `连接失败：${reason}`,
  refused: '连接被拒绝，请检查主机和端口',
  unknownHost: '无法解析主机名，请检查主机',
  timeout: `连接超时（${CONNECT_TIMEOUT_MS / 1000}秒）`,
  password: '用户名或密码错误',
  database: '数据库不存在',
  rejected: '服务器拒绝了该连接（请检查访问控制 pg_hba.conf 或是否需要 SSL）',
} as const;

/** Words for a driver error. */
export function connectFailure(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(error);
  switch (e.code) {
    case 'ECONNREFUSED':
      return ConnectMessages.refused;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return ConnectMessages.unknownHost;
    case 'ETIMEDOUT':
      return ConnectMessages.timeout;
    case '28P01':
      return ConnectMessages.password;
    case '28000':
      return ConnectMessages.rejected;
    case '3D000':
      return ConnectMessages.database;
  }
  if (/timeout/i.test(message)) return ConnectMessages.timeout;
  return message.slice(0, 200);
}

/** null when the connection works, else the reason in words. */
export async function testConnection(settings: ConnectionSettings): Promise<string | null> {
  const client = new pg.Client({
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: settings.password ?? undefined,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
    application_name: 'zhihui-jiedai-test',
  });
  // An error after the answer (the server closing the socket) must not become an unhandled event.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return connectFailure(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}
