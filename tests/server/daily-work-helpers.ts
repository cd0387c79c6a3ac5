/** Shared by the work module's server tests: a server, the people involved, an item maker. */
import { expect } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { addDays } from '../../server/work/periods.js';
import { todayIn } from '../../server/workorder/rules.js';

export type Row = Record<string, unknown> & { id: string; title: string; status: string };
export const NO_PERMISSION = '没有权限，请联系管理员授权';

export interface WorkTest {
  t: EntityTestContext;
  /** Tokens: managers zhangwei (项目管理部) and liuyang (技术部); staff chenjing, majun (项目一组), zhaolei (研发组). */
  tok: Record<string, string>;
  today: string;
  /** Adds an item as `token` with a fresh title. */
  add(
    token: string,
    values?: Record<string, unknown>,
  ): Promise<{ res: { success: boolean; message: string }; title: string }>;
  /** The caller's items of a scope (1 我的工作, 2 部门工作) with this title. */
  find(title: string, token: string, type?: string): Promise<Row[]>;
  /** An item `by` gives to `to`, as `to` sees it. */
  assigned(by: string, to: string): Promise<Row>;
}

let serial = 0;

/**
 * The projects the weekly reports' items name (their 项目 is a pick of one's own projects, the
 * my_project dictionary): 接待系统升级 (chenjing's, with majun and zhangwei) and 部门管理
 * (zhangwei's); zhaolei is in neither.
 */
export const WEEKLY_PROJECTS = { mine: '接待系统升级', manager: '部门管理' } as const;

async function addWeeklyProjects(t: EntityTestContext, today: string): Promise<void> {
  const customer = await t.send('POST', '/sys/customer/add', {
    name: '周报测试客户',
    code: 'ZBCS',
    level: 'M',
  });
  expect(customer).toMatchObject({ success: true });
  const customers = await t.get<Page<{ id: string }>>('/sys/customer/list?code=ZBCS', t.adminToken);
  const customerId = customers.result!.records[0]!.id;
  const projects: [string, string, string, string][] = [
    [WEEKLY_PROJECTS.mine, 'ZB-JD', 'chenjing', 'majun,zhangwei'],
    [WEEKLY_PROJECTS.manager, 'ZB-BM', 'zhangwei', ''],
  ];
  for (const [name, code, manager, members] of projects) {
    const made = await t.send('POST', '/sys/project/add', {
      name,
      code,
      customerId,
      category: '1',
      manager,
      members,
      planStart: addDays(today, -30),
      planEnd: addDays(today, 60),
    });
    expect(made, name).toMatchObject({ success: true });
  }
}

export async function createWorkTest(): Promise<WorkTest> {
  const t = await createEntityContext();
  const tok: Record<string, string> = { chenjing: t.staffToken };
  for (const name of ['zhangwei', 'liuyang', 'majun', 'zhaolei'])
    tok[name] = await t.login(name, DEMO_PASSWORD);
  const today = todayIn('Asia/Shanghai');
  await addWeeklyProjects(t, today);
  const add: WorkTest['add'] = async (token, values = {}) => {
    serial += 1;
    const title = `测试工作${serial}-${Math.random().toString(36).slice(2, 7)}`;
    const res = await t.send(
      'POST',
      '/sys/workItem/add',
      { title, planDate: today, deadline: addDays(today, 2), ...values },
      token,
    );
    return { res, title };
  };
  const find: WorkTest['find'] = async (title, token, type = '1') => {
    const page = await t.get<Page<Row>>(
      `/sys/workItem/list?type=${type}&title=${encodeURIComponent(title)}`,
      token,
    );
    return page.result?.records ?? [];
  };
  const assigned: WorkTest['assigned'] = async (by, to) => {
    const { res, title } = await add(tok[by]!, { assignee: to });
    expect(res).toMatchObject({ success: true });
    const [row] = await find(title, tok[to]!);
    return row!;
  };
  return { t, tok, today, add, find, assigned };
}
