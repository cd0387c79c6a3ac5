/**
 * Which hosts a data source may name (issue 31): DATA_SOURCE_HOSTS, a comma list the operator sets
 * (`db1.internal,10.0.0.5`). 测试连接 reaches whatever host and port a source names, so without a
 * list an admin of 多数据源管理 can probe the server's network; with one, a source naming another
 * host is refused when it is saved and when it is tested, before any connection. Names compare
 * as written (case and a trailing dot aside): no name is resolved, so `db1.internal` does not allow
 * the address it resolves to, and the list is the operator's to keep in step with the network.
 */

export const HostMessages = {
  notAllowed: (host: string) => `数据源主机不在允许的范围内：${host}，请联系运维人员`,
} as const;

/** A host as compared: lower case, no trailing dot, an IPv6 address without its brackets. */
export function normalHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
}

/** DATA_SOURCE_HOSTS as a list; empty when unset (any host). */
export function parseDataSourceHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map(normalHost)
    .filter((host) => host !== '');
}

/** Whether a source may name `host` under the operator's list (none: every host). */
export function hostAllowed(allowed: readonly string[] | undefined, host: string): boolean {
  return !allowed || allowed.length === 0 || allowed.includes(normalHost(host));
}
