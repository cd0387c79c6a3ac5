/** /api/docs: the OpenAPI document from the declarations and the route table, and its viewer page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../server/http/access.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<string, { 'x-access': string; requestBody?: unknown; parameters?: { name: string }[] }>
  >;
  components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
}

let ctx: EntityTestContext;
let doc: Doc;
beforeAll(async () => {
  ctx = await createEntityContext({ fixtures: true });
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/docs/openapi.json',
    headers: { 'x-access-token': ctx.staffToken },
  });
  doc = res.json() as Doc;
});
afterAll(() => ctx.close());

describe('openapi.json', () => {
  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(401);
  });

  it('describes every declared route with its permission', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/sys/customer/add'].post['x-access']).toBe('perm:customer:add');
    expect(doc.paths['/sys/customer/list'].get['x-access']).toBe('perm:customer:list');
    expect(doc.paths['/sys/customer/exportXls'].get['x-access']).toBe('perm:customer:export');
    expect(doc.paths['/sys/customer/importExcel'].post.requestBody).toBeDefined();
    expect(doc.paths['/demo/scene/startUse'].put['x-access']).toBe('perm:scene:startUse');
    expect(doc.paths['/demo/category/childList'].get.parameters!.map((p) => p.name)).toEqual(['pid']);
  });

  it('gives each field its type, rules and messages', () => {
    const code = doc.components.schemas.customer.properties.code;
    expect(code).toMatchObject({ title: '客户编码', maxLength: 20, 'x-unique': true, 'x-required': true });
    expect(typeof code.pattern).toBe('string');
    expect(code['x-messages']).toMatchObject({ zjRequired: expect.any(String) });
    expect(doc.components.schemas.customer.properties.level).toMatchObject({ 'x-dict': 'priority' });
    expect(doc.components.schemas.demoScene.properties.price).toMatchObject({
      'x-field-permission': 'demoScene:price',
    });
  });

  it('lists every registered API route with its access', () => {
    const routes = routeTable(ctx.app).filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      const path = r.url.slice('/api'.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/sys/login'].post['x-access']).toBe('public');
  });
});

describe('the docs page', () => {
  it('is a static page whose only script is our own file', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script src="docs/viewer.js"></script>');
    expect(page.body).not.toMatch(/<script>[^<]/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/viewer.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).not.toContain('innerHTML');
  });
});
