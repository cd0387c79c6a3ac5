/**
 * Demo of the online form designer on a new database: 访客登记, designed three months ago, given a
 * field a month later (two versions), with a menu under 办公管理 and the front desk's visits since.
 * The seed of a new database marks it pending (server/db/seed/declared/index.ts); the first start
 * claims the mark, so it is added exactly once even with several servers starting.
 */
import { sql } from 'kysely';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import { syncDeclaredMenus } from '../entity/menu-sync.js';
import { insertDemoRows, type DemoRow } from '../db/seed/declared/insert.js';
import { saveDesigned, type OnlineContext } from './save.js';
import { headById } from './store.js';
import { ONLINE_DEMO_MARK } from './demo-mark.js';

const FIELDS = [
  {
    name: 'visitorName',
    title: '访客姓名',
    type: 'string',
    length: 20,
    required: true,
    query: { mode: 'single', rule: 'like' },
  },
  {
    name: 'company',
    title: '来访单位',
    type: 'string',
    length: 100,
    query: { mode: 'single', rule: 'like' },
  },
  { name: 'phone', title: '联系电话', type: 'string', length: 20, pattern: 'm' },
  {
    name: 'visitDate',
    title: '来访日期',
    type: 'date',
    required: true,
    sortable: true,
    query: { mode: 'range' },
  },
  // A person: the account is stored, the list shows the real name (the user dictionary).
  {
    name: 'host',
    title: '接待人',
    type: 'string',
    length: 20,
    dict: 'sys_user,realname,username',
    widget: 'userPicker',
  },
];
const PURPOSE = { name: 'purpose', title: '来访事由', type: 'string', length: 200 };

function declaration(fields: object[]) {
  return {
    schemaVersion: 3,
    name: 'visitorRegister',
    title: '访客登记',
    table: 'onl_visitor_register',
    basePath: '/online/data/visitorRegister',
    kind: 'list',
    permissionPrefix: 'visitorRegister',
    fields,
    list: { defaultSort: { column: 'visitDate', order: 'desc' } },
  };
}

const VISITORS: [string, string, string, string][] = [
  ['周明', '华东会展中心', '13912345601', '场地合作洽谈'],
  ['吴倩', '杭州数字文旅集团', '13912345602', '智慧展厅参观'],
  ['郑浩', '南京市接待办', '13912345603', '接待流程交流'],
  ['冯雪', '苏州工业园区管委会', '13912345604', '年度考察'],
  ['陈立', '上海博览科技', '13912345605', '设备维保对接'],
  ['褚静', '宁波港务集团', '13912345606', '参观接待中心'],
  ['卫东', '合肥市政府办公厅', '13912345607', '会议筹备沟通'],
  ['蒋丽', '无锡文旅局', '13912345608', '合作意向洽谈'],
];
const HOSTS: [string, string][] = [
  ['chenjing', 'A01A02A01'],
  ['yangqiang', 'A01A02A02'],
  ['zhaolei', 'A01A03A01'],
];
const DAY_MS = 24 * 3600 * 1000;

function visits(): DemoRow[] {
  return Array.from({ length: 28 }, (_, i) => {
    const [visitorName, company, phone, purpose] = VISITORS[i % VISITORS.length];
    const [host, orgCode] = HOSTS[i % HOSTS.length];
    const daysAgo = 88 - i * 3;
    const visitDate = new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    // Visits before the second version have no purpose: the field did not exist yet.
    const values = { visitorName, company, phone, visitDate, host, purpose: daysAgo > 60 ? null : purpose };
    return { values, createBy: host, orgCode, daysAgo };
  });
}

/** Seeds the demo if this database is new and no other instance did; answers whether it did. */
export async function seedOnlineDemo(ctx: OnlineContext): Promise<boolean> {
  const { db } = ctx;
  const taken =
    await sql`delete from sys_seed_pending where name = ${ONLINE_DEMO_MARK} returning name`.execute(db);
  if (taken.rows.length === 0) return false;
  const first = await saveDesigned(ctx, {
    json: declaration(FIELDS),
    comment: '首版：访客信息与接待人',
    user: 'admin',
  });
  const row = await headById(db, first.id);
  if (!row) return false;
  const second = await saveDesigned(ctx, {
    json: declaration([...FIELDS, PURPOSE]),
    comment: '新增来访事由',
    user: 'admin',
    head: { row, rowVersion: row.rowVersion },
  });
  await sql`update onl_cgform_version set create_time = now() - (interval '1 day' * case version when 1 then 92 else 61 end)
    where head_id = ${first.id}`.execute(db);
  await sql`update onl_cgform_head set create_time = now() - interval '92 days', update_time = now() - interval '61 days'
    where id = ${first.id}`.execute(db);
  await insertDemoRows(db, second.model.model, visits());
  const menu = {
    parent: '/office',
    path: '/online/cgformList/visitorRegister',
    title: '访客登记',
    order: 90,
  };
  await syncDeclaredMenus(db, [buildEntityModel({ ...second.model.declaration, menu })]);
  return true;
}
