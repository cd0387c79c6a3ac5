/**
 * Every answer carries the security headers (server/http/security-headers.ts): the CSP of the app,
 * framing by the same origin only, no MIME sniffing, no referrer, HSTS, and no X-Powered-By - on an
 * API answer, a refusal and a 404 alike; and they are what helmet itself writes for those options.
 */
import type { ServerResponse } from 'node:http';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../server/http/security-headers.js';
import { createTestContext, type TestContext } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('security headers', () => {
  it('are on an API answer, a refusal and a 404', async () => {
    for (const url of ['/api/sys/randomImage/k1', '/api/sys/user/list', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('are the headers helmet writes on a real response for the same options', () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } };
    const written = new Map<string, string>();
    const response = {
      setHeader: (name: string, value: string) => written.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => written.delete(name.toLowerCase()),
    };
    helmet(options)({} as never, response as unknown as ServerResponse, () => undefined);
    expect(securityHeaders(options)).toEqual(Object.fromEntries(written));
    expect(Object.keys(securityHeaders(options)).length).toBeGreaterThan(8);
  });
});
