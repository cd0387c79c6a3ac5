/**
 * Every route, as an attacker would call it (issue 30): the OpenAPI document lists every operation
 * the server answers (declared entities, designed ones and every hand-written route), and each is
 * called with the ids of a staff member's rows - a canary row in every declared table, owned by
 * zhaolei - as four people: nobody signed in, a user with no role, a staff member of tenant 2 and
 * a colleague of the same department. Each call must be refused (401, 510, a failure) or, for a
 * read, answer nothing; a read with data and a write that succeeds must be on the allow-list below, with the reason it is fine, and
 * no answer may carry a canary unless its entry says the data is shared by design. A new route
 * is called the day it is added: it passes only by refusing or by a reasoned entry here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { loadDeclarationFiles } from '../../server/entity/load.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';
import {
  addAuditUsers,
  callsFor,
  CANARY,
  insertCanaryRows,
  operationsOf,
  personas,
  type Persona,
} from './route-audit-support.js';

type Who = 'no role' | 'tenant 2 staff' | 'colleague';
const SIGNED_IN: readonly Who[] = ['no role', 'tenant 2 staff', 'colleague'];

interface Allowed {
  /** METHOD and path as documented, `{param}` as written there. */
  route: string;
  /** Who may get data from it; default every signed-in user. */
  who?: readonly Who[];
  /** The rows it shows are shared by design, so a canary in them is expected. */
  shared?: true;
  /** Open without a session (sign-in, its captcha, static pages). */
  public?: true;
  why: string;
}

/** Answers with data that are fine, each with its reason. Nothing else may answer data. */
const ALLOWED: readonly Allowed[] = [
  { route: 'GET /docs', public: true, why: 'the static API viewer page' },
  { route: 'GET /docs/viewer.js', public: true, why: 'the static API viewer script' },
  { route: 'GET /sys/randomImage/{key}', public: true, why: 'a captcha image for the sign-in form' },
  {
    route: 'GET /sys/thirdLogin/wechat/callback',
    public: true,
    why: 'the WeChat binding page: a single-use state, no data',
  },
  { route: 'GET /docs/openapi.json', why: 'the API description: routes and fields, no rows' },
  { route: 'GET /online/cgform/api/declaration/{name}', why: 'a screen declaration: structure, no rows' },
  { route: 'GET /sys/permission/getUserPermissionByToken', why: "the caller's own menu and codes" },
  { route: 'GET /sys/user/getCurrentUserDeparts', why: "the caller's own departments (切换部门)" },
  { route: 'GET /sys/thirdLogin/wechat/status', why: "the caller's own WeChat binding" },
  { route: 'GET /sys/annountCement/listByUser', why: "the caller's own notices (the bell)" },
  { route: 'GET /sys/notice/list', why: "the caller's own notices" },
  { route: 'GET /sys/notice/queryReadList', why: "the caller's own notices" },
  { route: 'PUT /sys/notice/read', why: "marks one of the caller's own notices read (another's: nothing)" },
  { route: 'PUT /sys/notice/readAll', why: "marks the caller's own notices read" },
  { route: 'GET /sys/sysAnnouncementSend/getMyAnnouncementSend', why: "the caller's own notices (我的消息)" },
  { route: 'GET /sys/todo/list', why: "the caller's own to-do items (the workbench)" },
  { route: 'GET /sys/todo/counts', why: "the caller's own to-do counts (the workbench)" },
  {
    route: 'GET /sys/workOrder/workbenchSummary',
    why: "the caller's own work-order figures (the workbench)",
  },
  { route: 'GET /sys/project/stageStatistics', why: 'stage counts over the projects the caller is in' },
  { route: 'GET /workflow/stats/list', why: "counts of the caller's own approvals (我的流程统计)" },
  { route: 'GET /sys/loginfo', why: 'visit counts of the workbench header (JeecgBoot home page), no rows' },
  { route: 'GET /sys/visitInfo', why: 'daily visit counts of the workbench chart, no rows' },
  { route: 'GET /sys/version/queryReminder', why: 'the release banner every user sees' },
  {
    route: 'GET /sys/version/listAll',
    shared: true,
    why: 'the product version log (版本日志) every user reads',
  },
  { route: 'GET /sys/area/pcaa', why: 'the region picker: provinces and cities' },
  {
    route: 'GET /sys/dict/queryAllDictItems',
    shared: true,
    why: 'dictionary items of every form: shared configuration',
  },
  { route: 'GET /sys/dict/getDictItems/{dictCode}', why: 'picker: text and value within the tenant' },
  { route: 'GET /sys/dict/loadDict/{dictCode}', why: 'picker: text and value within the tenant' },
  {
    route: 'GET /sys/dict/loadDictItem/{dictCode}',
    who: ['no role', 'colleague'],
    shared: true,
    why: 'the title of an id the caller holds, within the tenant (a form shows the name of a linked record)',
  },
  { route: 'GET /sys/user/userList', why: 'user picker: id, account and name within the tenant' },
  { route: 'GET /sys/user/queryUserComponentData', why: 'user picker: id, account, name, department' },
  { route: 'GET /sys/user/queryUserByDepId', why: 'user picker: the members of a department' },
  { route: 'GET /sys/role/queryall', why: 'role picker: id and name' },
  { route: 'GET /sys/sysDepart/queryTreeList', why: 'department picker within the tenant' },
  { route: 'GET /sys/sysDepart/queryIdTree', why: 'department picker within the tenant' },
  { route: 'GET /sys/sysDepart/queryDepartTreeSync', why: 'department picker within the tenant' },
  { route: 'GET /sys/sysDepart/queryMyDeptTreeList', why: "the caller's own department tree" },
  { route: 'GET /sys/sysDepart/getDepartList', why: 'department picker within the tenant' },
  { route: 'GET /sys/sysDepart/searchBy', why: 'department picker search within the tenant' },
  {
    route: 'GET /sys/documentClassify/getDepartmentList',
    why: 'department picker of the classification form',
  },
  ...['list', 'queryById'].map((path): Allowed => ({
    route: `GET /sys/position/${path}`,
    shared: true,
    why: 'position picker: "access": "signed-in"; positions are the organisation\'s, no personal data',
  })),
  ...['list', 'queryById', 'rootList', 'childList', 'loadTreeRoot', 'loadTreeChildren'].map(
    (path): Allowed => ({
      route: `GET /sys/category/${path}`,
      shared: true,
      why: 'category picker: "access": "signed-in"; the categories every form picks from',
    }),
  ),
  {
    route: 'GET /sys/user/queryByOrgCodeForAddressList',
    who: ['tenant 2 staff', 'colleague'],
    why: '通讯录: colleagues of the own tenant, for those granted it (staff are)',
  },
  {
    route: 'GET /sys/mailList/queryById',
    who: ['colleague'],
    shared: true,
    why: "通讯录's contacts are the tenant's shared address book",
  },
  {
    route: 'GET /hr/positionDuty/queryById',
    who: ['colleague'],
    shared: true,
    why: '岗位职责 describe positions for everyone of the tenant',
  },
  {
    route: 'GET /hr/positionDutyHistory/queryById',
    who: ['colleague'],
    shared: true,
    why: "岗位职责's history, read with the duties",
  },
  {
    route: 'GET /oa/nodeContentTemplate/queryById',
    who: ['tenant 2 staff', 'colleague'],
    shared: true,
    why: "the project stage flow's content templates: one flow for every tenant, configuration not records",
  },
];

function allowed(route: string, who: Who): Allowed | undefined {
  return ALLOWED.find((a) => a.route === route && (a.who ?? SIGNED_IN).includes(who));
}

/** Whether an answer shows anything: a named text, or a string result that is not its message. */
function carriesData(status: number, text: string): boolean {
  let body: { result?: unknown; message?: unknown; success?: unknown; code?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return status === 200 && text.length > 0; // a page, a script, a file
  }
  const r = body.result;
  if (r === null || r === undefined || r === '' || typeof r === 'number' || typeof r === 'boolean')
    return false;
  if (typeof r === 'string') return r !== body.message;
  return /"[A-Za-z_]+":"[^"]+"/.test(JSON.stringify(r));
}

function refused(status: number, text: string): boolean {
  if (status === 401 || status === 404) return true;
  try {
    const body = JSON.parse(text) as { success?: unknown; code?: unknown };
    return body.code === 510 || body.success === false;
  } catch {
    return status >= 400;
  }
}

/** 访客登记 as an admin designs it: a designed form under /online/data with a phone field. */
const DESIGNED = {
  schemaVersion: 3,
  name: 'auditVisitor',
  title: '审计访客',
  table: 'onl_audit_visitor',
  basePath: '/online/data/auditVisitor',
  kind: 'list',
  permissionPrefix: 'auditVisitor',
  tenantScoped: true,
  fields: [
    { name: 'visitor', title: '访客', type: 'string', length: 40 },
    { name: 'phone', title: '手机号', type: 'string', length: 20 },
  ],
  menu: { parent: '/system', path: '/system/auditVisitor', title: '审计访客' },
};

let ctx: TestContext;
let people: Persona[];
let models: EntityModel[];
let operations: { method: string; path: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = { 'x-access-token': await ctx.login('admin', TEST_ADMIN_PASSWORD), 'tenant-id': '1' };
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/online/cgform/head/add',
    headers: admin,
    payload: { declaration: JSON.stringify(DESIGNED), comment: '审计' },
  });
  expect(saved.json()).toMatchObject({ success: true });
  const designed = loadDeclaration({ file: 'designed', json: DESIGNED }).value!.model;
  models = [...loadDeclarationFiles().map((l) => l.model), designed];
  const canaries = await insertCanaryRows(ctx, models);
  // A canary in every generated table but these, whose own checks refuse a made-up row (a
  // one-letter flag, a job's foreign key, a fixed set of kinds).
  expect(canaries.skipped.map((s) => s.split(':')[0])).toEqual([
    'documentPower',
    'quartzJobLog',
    'supervise',
    'sysConfig',
    'transitTarget',
  ]);
  expect(canaries.inserted).toContain('auditVisitor');
  await addAuditUsers(ctx);
  people = await personas(ctx, DEMO_PASSWORD);
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json', headers: admin });
  // Signing out would end the persona's session for the calls after it; it is public and reads nothing.
  operations = operationsOf(doc.json()).filter((op) => op.path !== '/sys/logout');
}, 120_000);
afterAll(() => ctx.close());

describe('every route, called by people who were not given it', () => {
  it('the document lists the designed entities and every hand-written route', () => {
    const paths = new Set(operations.map((op) => `${op.method} ${op.path}`));
    expect(paths).toContain('GET /online/data/auditVisitor/list');
    expect(paths).toContain('GET /sys/dailyOrder/selectByPrimaryKey');
    expect(operations.length).toBeGreaterThan(900);
  });

  it('refuses, or answers nothing but what the allow-list names; no canary outside shared data', async () => {
    const problems: string[] = [];
    for (const person of people) {
      for (const op of operations) {
        const route = `${op.method} ${op.path}`;
        for (const call of callsFor(op, models)) {
          const res = await ctx.app.inject({
            method: call.method as 'GET',
            url: call.url,
            headers: person.headers,
            payload: call.payload,
          });
          const text = res.body;
          const entry = person.name === 'no session' ? undefined : allowed(route, person.name as Who);
          const publicPage = ALLOWED.find((a) => a.route === route && a.public);
          const canary = text.includes(CANARY) || text.includes('canary');
          if (canary && !entry?.shared)
            problems.push(`${person.name}: ${call.method} ${call.url} shows a canary`);
          // A write that succeeds changed something: it needs its entry as much as a read with data.
          else if (
            !refused(res.statusCode, text) &&
            (call.method !== 'GET' || carriesData(res.statusCode, text)) &&
            !entry &&
            !publicPage
          )
            problems.push(`${person.name}: ${call.method} ${call.url} answers ${text.slice(0, 120)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('the allow-list names only routes that exist', () => {
    const paths = new Set(operations.map((op) => `${op.method} ${op.path}`));
    expect(ALLOWED.map((a) => a.route).filter((r) => !paths.has(r))).toEqual([]);
  });
});
