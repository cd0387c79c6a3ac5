/** Shared by the work-order server tests: a server, tokens for the people involved, an order maker. */
import { todayIn } from '../../server/workorder/rules.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

export interface WorkOrderRow {
  id: string;
  orderNo: string;
  title: string;
  charge: string;
  charge_dictText: string;
  launcher: string;
  participants: string | null;
  status: string;
  status_dictText: string;
  deadline: string;
  finishTime: string | null;
  rowVersion: number;
}

export interface WorkOrderTest extends EntityTestContext {
  /** chenjing (ctx.staffToken) is the usual person in charge; zhaolei a bystander; huangmin a participant. */
  tokens: { admin: string; chenjing: string; zhaolei: string; huangmin: string };
  /** Adds an order as `token` (admin by default) and answers it as stored. */
  launch(values?: Record<string, unknown>, token?: string): Promise<WorkOrderRow>;
  order(id: string): Promise<WorkOrderRow>;
  /** A transition call: PUT <basePath>/<path> with {id, ...extra}. */
  move(
    path: string,
    id: string,
    token: string,
    extra?: Record<string, unknown>,
  ): Promise<{ success: boolean; message: string }>;
}

export function dayFromToday(days: number): string {
  const today = todayIn('Asia/Shanghai');
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let serial = 0;

export async function createWorkOrderTest(): Promise<WorkOrderTest> {
  const ctx = await createEntityContext();
  const tokens = {
    admin: ctx.adminToken,
    chenjing: ctx.staffToken,
    zhaolei: await ctx.login('zhaolei', DEMO_PASSWORD),
    huangmin: await ctx.login('huangmin', DEMO_PASSWORD),
  };
  const order = async (id: string) =>
    (await ctx.get<WorkOrderRow>(`/sys/workOrder/queryById?id=${id}`)).result!;
  return {
    ...ctx,
    tokens,
    order,
    async launch(values = {}, token = tokens.admin) {
      serial += 1;
      const title = `测试工单${serial}-${Math.random().toString(36).slice(2, 8)}`;
      const res = await ctx.send(
        'POST',
        '/sys/workOrder/add',
        {
          title,
          orderType: '3',
          priority: '2',
          charge: 'chenjing',
          participants: 'huangmin',
          deadline: dayFromToday(3),
          content: '<p>会议室投影仪无法开机</p>',
          ...values,
        },
        token,
      );
      if (!res.success) throw new Error(`add failed: ${res.message}`);
      const page = await ctx.get<Page<WorkOrderRow>>(
        `/sys/workOrder/list?title=${encodeURIComponent(String(values.title ?? title))}`,
      );
      return page.result!.records[0];
    },
    async move(path, id, token, extra = {}) {
      return ctx.send('PUT', `/sys/workOrder/${path}`, { id, ...extra }, token);
    },
  };
}
