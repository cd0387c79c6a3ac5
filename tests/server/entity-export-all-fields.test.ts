/**
 * 全部字段 export and the import template (issue 32): `exportXls?fields=all` writes every field the
 * import may write for the caller (not only the list's columns) and a sheet per child with the
 * child's importable fields tied to the parent's row; importing that workbook into an emptied table
 * recreates every row and child row with every field equal, and exporting again gives the same
 * workbook. `template=1` is the same sheets and headers without rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { book, sheetsOf } from './entity-import-children-helpers.js';
import { multipart } from './entity-xlsx.js';

type Row = Record<string, unknown>;

const BASE = '/test/rtOrder';
/** The fields the import writes (the others are read-only, computed, a password or restricted). */
const ORDER_FIELDS = [
  'orderName',
  'orderCode',
  'level',
  'owner',
  'amount',
  'dueDate',
  'startAt',
  'slot',
  'urgent',
  'tags',
  'note',
  'contact',
  'contact2',
];
const LINE_FIELDS = ['lineName', 'qty', 'level', 'remark', 'orderNum'];
const ORDER_HEADER = [
  '订单名称',
  '订单编号',
  '等级',
  '负责人',
  '金额',
  '交付日期',
  '开始时间',
  '时段',
  '加急',
  '标签',
  '备注',
  '联系人',
  // The second field titled 联系人 goes under its name: the import maps a title to the first.
  'contact2',
];
const LINE_HEADER = ['往返订单行号', '行名称', '数量', '等级', '说明', '排序'];

/** A parent with fields of every kind, most not in the list, and a one-to-many child. */
function fixtures(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-export-all-'));
  const field = (name: string, title: string, type: string, extra = {}) => ({
    name,
    title,
    type,
    list: false,
    ...extra,
  });
  const decls = [
    {
      name: 'rtOrder',
      title: '往返订单',
      permissionPrefix: 'plan',
      fields: [
        field('orderName', '订单名称', 'string', { required: true, list: true }),
        field('orderCode', '订单编号', 'string', {
          unique: true,
          sortable: true,
          query: { mode: 'single' },
        }),
        field('level', '等级', 'string', { dict: 'priority', default: 'M', list: true }),
        field('owner', '负责人', 'string', { dict: 'sys_user,realname,username', list: true }),
        field('amount', '金额', 'money'),
        field('dueDate', '交付日期', 'date'),
        field('startAt', '开始时间', 'datetime'),
        field('slot', '时段', 'time'),
        field('urgent', '加急', 'boolean', { default: 'N' }),
        field('tags', '标签', 'string', { dict: 'priority', widget: 'multiSelect' }),
        field('note', '备注', 'text'),
        field('contact', '联系人', 'string'),
        field('contact2', '联系人', 'string'),
        field('secret', '口令', 'string', { widget: 'password' }),
        field('fixedNo', '只读编号', 'string', { readOnly: true }),
        field('echo', '名称副本', 'string', { readOnly: true, compute: { var: 'orderName' } }),
        field('hiddenNote', '内部备注', 'string', { permission: 'rtOrder:hidden' }),
        field('lockedNote', '锁定备注', 'string', { permission: 'rtOrder:locked' }),
      ],
      list: { columns: ['orderName', 'level', 'owner'] },
      children: [{ entity: 'rtLine', relation: 'oneToMany', foreignKey: 'orderId', title: '订单行' }],
    },
    {
      name: 'rtLine',
      title: '订单行',
      permissionPrefix: 'planTask',
      fields: [
        field('orderId', '所属订单', 'string', { length: 32, form: false }),
        field('lineName', '行名称', 'string', { required: true, list: true }),
        field('qty', '数量', 'int'),
        field('level', '等级', 'string', { dict: 'priority', list: true }),
        field('remark', '说明', 'text'),
        field('orderNum', '排序', 'int', { sortable: true }),
      ],
      list: { defaultSort: { column: 'orderNum', order: 'asc' } },
    },
  ];
  for (const decl of decls) {
    const file = {
      schemaVersion: 3,
      kind: 'list',
      table: `test_${decl.name.toLowerCase()}`,
      basePath: `/test/${decl.name}`,
      ...decl,
    };
    fs.writeFileSync(path.join(dir, `${decl.name}.json`), JSON.stringify(file));
  }
  return dir;
}

const dir = fixtures();
let ctx: EntityTestContext;

beforeAll(async () => {
  const saved = process.env.SCHEMAS_DIR;
  process.env.SCHEMAS_DIR = ['schemas', dir].join(path.delimiter);
  try {
    ctx = await createEntityContext();
  } finally {
    if (saved === undefined) delete process.env.SCHEMAS_DIR;
    else process.env.SCHEMAS_DIR = saved;
  }
  // A second 陈静: the text 陈静 reads back as chenjing, so rt_twin is written by its username.
  await sql`insert into sys_user (id, username, realname, password_hash, status, del_flag, rel_tenant_ids,
      org_code, create_by, create_time)
    values (${userId('rt_twin')}, 'rt_twin', '陈静', 'x', 1, 0, '1', 'A01A02A01', 'admin', now())`.execute(
    ctx.database.db,
  );
  const orders = [
    {
      orderName: '甲订单',
      orderCode: 'RT-1',
      level: 'H',
      owner: 'rt_twin',
      amount: 1234.5,
      dueDate: '2026-03-01',
      startAt: '2026-03-01 09:30:00',
      slot: '09:30:00',
      urgent: 'Y',
      tags: 'H,L',
      note: '=1+1 不是公式\n第二行',
      contact: '王五',
      contact2: '赵六',
      hiddenNote: '只有授权的人能看',
      lockedNote: '不能改',
      rtLine: {
        added: [
          { lineName: '第一行', qty: 3, level: 'M', remark: '说明甲', orderNum: 1 },
          { lineName: '-第二行', level: 'L', orderNum: 2 },
        ],
      },
    },
    { orderName: '乙订单', orderCode: 'RT-2', level: 'L', owner: 'chenjing', urgent: 'N' },
  ];
  for (const order of orders)
    expect(await ctx.send('POST', `${BASE}/add`, order)).toMatchObject({ success: true });
  // Then the two guarded fields are restricted for everyone: 内部备注 hidden, 锁定备注 disabled.
  for (const [id, perms, type] of [
    ['rt_hidden', 'rtOrder:hidden', '1'],
    ['rt_locked', 'rtOrder:locked', '2'],
  ])
    await sql`insert into sys_permission (id, name, menu_type, perms, perms_type, status)
      values (${id}, ${perms}, 2, ${perms}, ${type}, '1')`.execute(ctx.database.db);
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function exportBook(query: string): Promise<Buffer> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api${BASE}/exportXls?${query}`,
    headers: { 'x-access-token': ctx.adminToken },
  });
  expect(res.headers['content-type'], res.body).toContain('spreadsheetml');
  return res.rawPayload;
}

async function upload(data: Buffer) {
  const body = multipart([{ name: 'files[]', filename: 'orders.xlsx', value: data }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api${BASE}/importExcel`,
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': ctx.adminToken },
  });
  return res.json() as { success: boolean; message: string };
}

/** Every order with its lines, by order code: only the fields the import writes. */
async function ordersNow(): Promise<Map<string, Row>> {
  const page = await ctx.get<Page<Row>>(`${BASE}/list?pageSize=50`);
  const out = new Map<string, Row>();
  for (const { id } of page.result!.records) {
    const order = (await ctx.get<Row>(`${BASE}/queryById?id=${String(id)}`)).result!;
    const pick = (row: Row, names: string[]) => Object.fromEntries(names.map((n) => [n, row[n] ?? null]));
    const lines = (order.rtLine as Row[]).map((line) => pick(line, LINE_FIELDS));
    out.set(String(order.orderCode), { ...pick(order, ORDER_FIELDS), rtLine: lines });
  }
  return out;
}

const ALL = 'fields=all&column=orderCode&order=asc';

describe('全部字段 export', () => {
  it('writes every importable field and the child sheet; the default export keeps the list columns', async () => {
    const sheets = await sheetsOf(await exportBook(ALL));
    expect([...sheets.keys()]).toEqual(['往返订单', '订单行']);
    expect(sheets.get('往返订单')).toEqual([
      ORDER_HEADER,
      [
        '甲订单',
        'RT-1',
        '高',
        'rt_twin',
        1234.5,
        '2026-03-01',
        '2026-03-01 09:30:00',
        '09:30:00',
        'Y',
        '高,低',
        "'=1+1 不是公式\n第二行",
        '王五',
        '赵六',
      ],
      // A row's empty cells at its end are not stored in the sheet.
      ['乙订单', 'RT-2', '低', '陈静', null, null, null, null, 'N'],
    ]);
    expect(sheets.get('订单行')).toEqual([
      LINE_HEADER,
      [2, '第一行', 3, '中', '说明甲', 1],
      [2, "'-第二行", null, '低', null, 2],
    ]);
    const list = await sheetsOf(await exportBook('column=orderCode&order=asc'));
    expect(list.get('往返订单')![0]).toEqual(['订单名称', '等级', '负责人']);
    expect(list.get('订单行')![0]).toEqual(['往返订单行号', '行名称', '等级']);
  });

  it('the import template: the same sheets and headers, no rows', async () => {
    const all = await sheetsOf(await exportBook(ALL));
    const template = await sheetsOf(await exportBook('template=1'));
    expect([...template.keys()]).toEqual([...all.keys()]);
    for (const [name, rows] of all) expect(template.get(name)).toEqual([rows[0]]);
    // The same with fields=all spelled out, and with the list's filters, which it does not read.
    expect(await sheetsOf(await exportBook('template=1&fields=all&orderCode=RT-1'))).toEqual(template);
  });

  it('refuses an unknown fields or template value before any byte', async () => {
    for (const query of ['fields=every', 'template=yes']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api${BASE}/exportXls?${query}`,
        headers: { 'x-access-token': ctx.adminToken },
      });
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('参数错误') });
    }
  });

  it('imported into the emptied table, recreates every row and child row; exporting again is the same', async () => {
    const before = await ordersNow();
    expect(before.get('RT-1')!.rtLine).toHaveLength(2);
    const data = await exportBook(ALL);
    await sql`delete from test_rtline`.execute(ctx.database.db);
    await sql`delete from test_rtorder`.execute(ctx.database.db);
    expect(await upload(data)).toMatchObject({
      success: true,
      message: '文件导入成功！数据行数：2，订单行：2行',
    });
    expect(await ordersNow()).toEqual(before);
    expect(await sheetsOf(await exportBook(ALL))).toEqual(await sheetsOf(data));
  });

  it('a filled-in template imports; an empty cell is empty, a column left out gets its default', async () => {
    const template = await sheetsOf(await exportBook('template=1'));
    const header = (template.get('往返订单')![0] as string[]).filter((title) => title !== '等级');
    const values: Record<string, string> = {
      订单名称: '丙订单',
      订单编号: 'RT-3',
      负责人: '张伟',
      标签: '中',
    };
    const filled = await book({
      往返订单: [header, header.map((title) => values[title] ?? null)],
      订单行: [template.get('订单行')![0] as string[], [2, '丙一行', 5, '高', null, 1]],
    });
    expect(await upload(filled)).toMatchObject({
      success: true,
      message: '文件导入成功！数据行数：1，订单行：1行',
    });
    expect((await ordersNow()).get('RT-3')).toEqual({
      orderName: '丙订单',
      orderCode: 'RT-3',
      level: 'M',
      owner: 'zhangwei',
      amount: null,
      dueDate: null,
      startAt: null,
      slot: null,
      urgent: null,
      tags: 'M',
      note: null,
      contact: null,
      contact2: null,
      rtLine: [{ lineName: '丙一行', qty: 5, level: 'H', remark: null, orderNum: 1 }],
    });
  });
});
