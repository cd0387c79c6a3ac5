/**
 * One forwarded HTTP exchange. The target's host is resolved once, every address is checked
 * (address.ts), and the connection goes to the checked address itself: the socket's own lookup is
 * answered with it, so a second DNS answer (rebinding to 127.0.0.1) is never asked for. No
 * redirect is followed, the caller's credentials are never sent (only Content-Type and Accept
 * pass), and the exchange ends at the target's timeout or when the answer exceeds 2 MB.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../../result.js';
import { classifyAddress } from './address.js';
import { TransitMessages } from './messages.js';

export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver: every address of the name (A and AAAA), in the resolver's order. */
export const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** The address to connect to: the host's first, once every one of them passed the check. */
export async function checkedAddress(
  hostname: string,
  allowPrivate: boolean,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  let addresses: ResolvedAddress[];
  if (family !== 0) addresses = [{ address: bare, family: family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(bare);
    } catch {
      throw new ApiError(TransitMessages.unresolved);
    }
  }
  if (addresses.length === 0) throw new ApiError(TransitMessages.unresolved);
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind === 'forbidden') throw new ApiError(TransitMessages.forbidden);
    if (kind === 'internal' && !allowPrivate) throw new ApiError(TransitMessages.internal);
  }
  return addresses[0];
}

export interface Exchange {
  url: URL;
  method: string;
  address: ResolvedAddress;
  timeoutMs: number;
  body?: string;
  contentType?: string;
  accept?: string;
}

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

/** A lookup that answers every question with the one checked address (pins the connection). */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

export function exchange(ex: Exchange): Promise<Answer> {
  const { url } = ex;
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const headers: Record<string, string> = { host: url.host, 'user-agent': 'zhjd-transit/1.0' };
  if (ex.accept) headers.accept = ex.accept;
  if (ex.body !== undefined) {
    headers['content-type'] = ex.contentType ?? 'application/json;charset=UTF-8';
    headers['content-length'] = String(Buffer.byteLength(ex.body));
  }
  return new Promise<Answer>((resolve, reject) => {
    const request = (secure ? https : http).request({
      protocol: url.protocol,
      hostname,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: ex.method,
      headers,
      lookup: pinnedLookup(ex.address),
      // TLS still verifies the certificate against the name the admin configured.
      ...(secure && isIP(hostname) === 0 ? { servername: hostname } : {}),
      // A fresh connection each time: a pooled socket could lead to an address checked for another call.
      agent: false,
    });
    const deadline = setTimeout(() => request.destroy(new ApiError(TransitMessages.timeout)), ex.timeoutMs);
    const fail = (error: unknown) => {
      clearTimeout(deadline);
      reject(error instanceof ApiError ? error : new ApiError(TransitMessages.failed));
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
        request.destroy(new ApiError(TransitMessages.tooLarge));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) request.destroy(new ApiError(TransitMessages.tooLarge));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(deadline);
        resolve({
          status: response.statusCode ?? 502,
          contentType: response.headers['content-type'],
          body: Buffer.concat(chunks),
        });
      });
    });
    request.end(ex.body);
  });
}
