// The nginx configuration `npm run cluster` and the cluster tests run (docs/OPERATIONS.md explains it).
import path from 'node:path';

export interface NginxOptions {
  /** Loopback port nginx listens on. */
  port: number;
  /** Loopback ports of the server instances. */
  upstreams: number[];
  /** Directory of the pid file, the error log and nginx's temporary files. */
  dir: string;
  /**
   * Adds `X-Upstream: <address>` to every answer, so a test can tell which instance served (or
   * failed) a request. Off for `npm run cluster`: clients need not learn the servers' addresses.
   */
  exposeUpstream?: boolean;
}

/**
 * One upstream of the instances, round robin. Why each setting:
 * - No `keepalive` to the upstreams: every proxied request opens its own loopback connection and
 *   closes it (`Connection: close`). A request therefore either reaches a server's socket or is
 *   refused before anything was sent, and nginx passes a refused request - POSTs included - to the
 *   next server. With pooled connections nginx could write a POST into a connection the server
 *   is closing, and a POST that was sent is never retried (it might have been applied).
 * - `proxy_next_upstream error timeout` (nginx's default, written out): a GET or HEAD that fails
 *   on one server is tried on the next; a POST, PUT or DELETE only when it was never sent.
 * - `max_fails=1 fail_timeout=5s`: one failed attempt takes a server out for 5 s, so after a
 *   crash the survivors answer without each request paying a refused connection first.
 * - WebSocket: HTTP/1.1 with the Upgrade and Connection headers passed on; the read timeout is
 *   above the server's 30 s ping sweep, so an idle notice socket is not cut by the proxy.
 * - X-Forwarded-For / -Host / -Proto: the servers run with TRUST_PROXY=1 (one hop) to read the
 *   client address (sign-in throttling) and the page's host (the socket's origin check).
 */
export function nginxConfig(options: NginxOptions): string {
  const { port, upstreams, dir } = options;
  const at = (name: string) => path.resolve(dir, name);
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`);
  const upstreamHeader = options.exposeUpstream ? '      add_header X-Upstream $upstream_addr always;\n' : '';
  return `# Written by scripts/cluster.ts; see docs/OPERATIONS.md.
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('nginx-error.log')} warn;

events {
  worker_connections 4096;
}

http {
  access_log off;
  client_body_temp_path ${at('nginx-tmp/body')};
  proxy_temp_path ${at('nginx-tmp/proxy')};
  fastcgi_temp_path ${at('nginx-tmp/fastcgi')};
  uwsgi_temp_path ${at('nginx-tmp/uwsgi')};
  scgi_temp_path ${at('nginx-tmp/scgi')};
  # Uploads: the files module takes up to 100 MB.
  client_max_body_size 128m;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }

  upstream zj_servers {
${servers.join('\n')}
  }

  server {
    listen 127.0.0.1:${port};

    location / {
      proxy_pass http://zj_servers;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_send_timeout 120s;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries ${Math.max(2, upstreams.length)};
      proxy_next_upstream_timeout 10s;
${upstreamHeader}    }
  }
}
`;
}
