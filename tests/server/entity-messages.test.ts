/**
 * 消息模板 and 系统消息 of the message centre, declared as JSON only (schemas/system/message-template.json,
 * sys-message.json): their tables, routes, rules, dictionary texts and permissions come from the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

let ctx: EntityTestContext;
let managerToken = '';
beforeAll(async () => {
  ctx = await createEntityContext();
  managerToken = await ctx.login('zhangwei', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

type Rec = Record<string, unknown> & { id: string };
const TEMPLATES = '/sys/message/sysMessageTemplate';
const MESSAGES = '/sys/message/sysMessage';

describe('消息模板 (declared)', () => {
  it('adds a template, lists it with the type text, and refuses a second one with the same code', async () => {
    const template = {
      templateCode: 'urgeNotice',
      templateName: '催办通知',
      templateType: '1',
      templateContent: '您有一条${type}待处理：${title}',
    };
    expect(await ctx.send('POST', `${TEMPLATES}/add`, template)).toMatchObject({ success: true });
    const page = (await ctx.get<Page<Rec>>(`${TEMPLATES}/list?templateName=*催办*`)).result!;
    expect(page.records).toEqual([
      expect.objectContaining({ templateCode: 'urgeNotice', templateType_dictText: '文本' }),
    ]);
    const again = await ctx.send('POST', `${TEMPLATES}/add`, { ...template, templateName: '另一个' });
    expect(again).toMatchObject({ success: false, message: '模板编码：该值不可用，系统中已存在！' });
    expect(await ctx.send('POST', `${TEMPLATES}/add`, { templateCode: 'x1' })).toMatchObject({
      success: false,
    });
  });

  it('is the admin own: a manager and a staff member may not even list it', async () => {
    expect(await ctx.get(`${TEMPLATES}/list`, managerToken)).toMatchObject({ success: false, code: 510 });
    expect(await ctx.get(`${TEMPLATES}/list`, ctx.staffToken)).toMatchObject({ success: false, code: 510 });
  });
});

describe('系统消息 (declared)', () => {
  it('records pushes with channel and status texts; a date range finds them', async () => {
    const message = {
      esTitle: '工单到期提醒',
      esType: '4',
      esReceiver: 'chenjing',
      esContent: '工单 WO-1 今天到期',
      esSendTime: '2026-11-20 09:30:00',
      esSendStatus: '1',
      esSendNum: 1,
    };
    expect(await ctx.send('POST', `${MESSAGES}/add`, message)).toMatchObject({ success: true });
    const inRange = (
      await ctx.get<Page<Rec>>(
        `${MESSAGES}/list?esSendTime_begin=2026-11-20%2000:00:00&esSendTime_end=2026-11-20%2023:59:59`,
      )
    ).result!;
    expect(inRange.records).toEqual([
      expect.objectContaining({
        esTitle: '工单到期提醒',
        esType_dictText: '系统',
        esSendStatus_dictText: '推送成功',
      }),
    ]);
    const outside = (await ctx.get<Page<Rec>>(`${MESSAGES}/list?esSendTime_begin=2026-11-21%2000:00:00`))
      .result!;
    expect(outside.total).toBe(0);
  });

  it('a manager reads the list but may not add; staff may not read it', async () => {
    expect((await ctx.get<Page<Rec>>(`${MESSAGES}/list`, managerToken)).result!.total).toBe(1);
    expect(
      await ctx.send('POST', `${MESSAGES}/add`, { esTitle: 'x', esReceiver: 'y' }, managerToken),
    ).toMatchObject({
      success: false,
      code: 510,
    });
    expect(await ctx.get(`${MESSAGES}/list`, ctx.staffToken)).toMatchObject({ success: false, code: 510 });
  });
});

describe('督办 (declared over the reminders table)', () => {
  it('lists the reminders sent, with type and read texts; nobody adds one behind the push', async () => {
    const target = (await ctx.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'chenjing')
      .executeTakeFirstOrThrow()) as { id: string };
    const urged = await ctx.send('POST', '/sys/notice/urge', {
      userIds: target.id,
      title: '督办测试工单',
      content: '<p>请处理</p>',
      appType: 'workOrder',
      appId: 'WO-9',
    });
    expect(urged).toMatchObject({ success: true });
    const page = (await ctx.get<Page<Rec>>('/sys/supervise/list?title=*督办测试*', managerToken)).result!;
    expect(page.records).toEqual([
      expect.objectContaining({ appId: 'WO-9', appType_dictText: '工单', readFlag_dictText: '未读' }),
    ]);
    expect(await ctx.get('/sys/supervise/list', ctx.staffToken)).toMatchObject({ success: false, code: 510 });
    // The declaration disables add / edit / delete: the server does not serve them, admin included.
    const add = await ctx.send('POST', '/sys/supervise/add', { title: 'x', appType: 'project', appId: 'P' });
    expect(add).toMatchObject({ success: false, code: 404 });
  });
});

describe('rich text of a declared entity', () => {
  it('is cleaned when written and when read: no script, handler or javascript: URL survives', async () => {
    const intro =
      '<p onclick="x()">简介<script>alert(1)</script><a href="javascript:alert(2)">链接</a><b>重点</b></p>';
    const added = await ctx.send('POST', '/sys/customer/add', { name: '富文本客户', code: 'RICH01', intro });
    expect(added).toMatchObject({ success: true });
    const stored = await ctx.database.db
      .selectFrom('bizCustomer' as never)
      .select('intro' as never)
      .where('code' as never, '=', 'RICH01' as never)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ intro: '<p>简介<a>链接</a><b>重点</b></p>' });
    const page = (await ctx.get<Page<Rec>>('/sys/customer/list?code=RICH01')).result!;
    expect(page.records[0].intro).toBe('<p>简介<a>链接</a><b>重点</b></p>');
  });
});
