/**
 * `"routes": "external"`: the server validates such a declaration but makes no table, records no
 * ownership and registers no route for it; the hand-written routes at its basePath keep answering
 * (schemas/system/announcement.json over server/notice/announcement-routes.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../server/http/access.js';
import { DuplicateMessages } from '../../server/entity/duplicate-check.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

/** A second external declaration on a table nobody made, to prove the engine does not make it. */
const DEMO = {
  schemaVersion: 2,
  name: 'externalDemo',
  title: '外部示例',
  table: 'biz_external_demo',
  basePath: '/demo/externalDemo',
  kind: 'list',
  routes: 'external',
  permissionPrefix: 'externalDemo',
  fields: [{ name: 'name', title: '名称', type: 'string' }],
  transitions: [{ name: 'open', title: '开启', field: 'name', from: ['0'], to: '1', method: 'GET' }],
};

interface Doc {
  paths: Record<string, Record<string, { 'x-access': string }>>;
  components: { schemas: Record<string, { 'x-routes'?: string; properties: Record<string, unknown> }> };
}

let ctx: EntityTestContext;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-external-'));
  fs.writeFileSync(path.join(dir, 'external-demo.json'), JSON.stringify(DEMO));
  const saved = process.env.SCHEMAS_DIR;
  process.env.SCHEMAS_DIR = ['schemas', dir].join(path.delimiter);
  try {
    ctx = await createEntityContext();
  } finally {
    if (saved === undefined) delete process.env.SCHEMAS_DIR;
    else process.env.SCHEMAS_DIR = saved;
  }
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('an external declaration on the server', () => {
  it('makes no table and records no owner', async () => {
    const { db } = ctx.database;
    const tables = await sql<{ tableName: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_name = 'biz_external_demo'`.execute(db);
    expect(tables.rows).toEqual([]);
    const owners = await sql<{ name: string }>`
      select name from sys_declaration where name in ('externalDemo', 'announcement')`.execute(db);
    expect(owners.rows).toEqual([]);
    // Generated declarations are still recorded as before.
    const customer = await sql<{ name: string }>`
      select name from sys_declaration where name = 'customer'`.execute(db);
    expect(customer.rows).toHaveLength(1);
  });

  it('registers no route under its basePath', async () => {
    const urls = routeTable(ctx.app).map((r) => r.url);
    expect(urls.filter((u) => u.startsWith('/api/demo/externalDemo'))).toEqual([]);
    // The engine adds nothing at the announcement's basePath: the hand-written routes only (no export, import).
    const announcement = urls.filter((u) => u.startsWith('/api/sys/annountCement/'));
    expect(announcement).not.toContain('/api/sys/annountCement/exportXls');
    expect(announcement).not.toContain('/api/sys/annountCement/importExcel');
    expect(announcement).toContain('/api/sys/annountCement/doReleaseData');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/demo/externalDemo/list',
      headers: { 'x-access-token': ctx.adminToken },
    });
    expect(res.statusCode).toBe(404);
  });

  it('is not open to the duplicate check', async () => {
    const answer = await ctx.get(
      '/sys/duplicate/check?tableName=sys_announcement&fieldName=titile&fieldVal=x',
    );
    expect(answer).toMatchObject({ success: false, message: DuplicateMessages.notCheckable });
  });

  it('documents its fields and leaves its paths to the route table', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { 'x-access-token': ctx.adminToken },
    });
    const doc = res.json<Doc>();
    expect(doc.components.schemas.announcement['x-routes']).toBe('external');
    expect(Object.keys(doc.components.schemas.announcement.properties)).toContain('msgContent');
    expect(doc.paths['/sys/annountCement/list'].get['x-access']).toBe('perm:announcement:list');
    expect(doc.paths['/sys/annountCement/doReleaseData'].get['x-access']).toBe('perm:announcement:release');
    expect(doc.paths['/sys/annountCement/exportXls']).toBeUndefined();
    expect(doc.paths['/demo/externalDemo/open']).toBeUndefined();
  });
});

describe('the hand-written announcement routes behind the declaration', () => {
  interface Row {
    id: string;
    titile: string;
    sendStatus: string;
    sendStatus_dictText: string;
  }
  const find = async (title: string) => {
    const page = await ctx.get<Page<Row>>('/sys/annountCement/list?pageSize=200');
    return page.result!.records.find((r) => r.titile === title);
  };

  it('add, list, release and revoke as the declaration expects (GET with ?id=)', async () => {
    const title = '外部路由公告';
    const added = await ctx.send('POST', '/sys/annountCement/add', {
      titile: title,
      msgCategory: '4',
      priority: 'M',
      msgType: 'ALL',
      msgContent: '<p>正文</p>',
    });
    expect(added.success).toBe(true);
    const row = await find(title);
    expect(row).toMatchObject({ sendStatus: '0', sendStatus_dictText: '未发布' });
    expect(await ctx.get(`/sys/annountCement/doReleaseData?id=${row!.id}`)).toMatchObject({
      success: true,
      message: '该系统通知发布成功',
    });
    expect(await find(title)).toMatchObject({ sendStatus: '1' });
    expect(await ctx.get(`/sys/annountCement/doReovkeData?id=${row!.id}`)).toMatchObject({
      success: true,
      message: '该系统通知撤销成功',
    });
    expect(await find(title)).toMatchObject({ sendStatus: '2' });
  });
});
