/** Shared by the project module's server tests: a server, the people involved, a project maker. */
import { expect } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { todayIn } from '../../server/workorder/rules.js';

export type Row = Record<string, unknown> & { id: string };
export const NO_PERMISSION = '没有权限，请联系管理员授权';

export interface ProjectTest {
  t: EntityTestContext;
  /**
   * Tokens: zhangwei and lina (部门经理: project:all), chenjing and yangqiang (project managers on
   * staff accounts), majun (a member), hugang (an outsider), admin.
   */
  tok: Record<string, string>;
  today: string;
  customerId: string;
  /** Adds a project as `token` (default zhangwei; its manager chenjing) with fresh name and code. */
  project(values?: Record<string, unknown>, token?: string): Promise<Row>;
  /** The list row of a project id as `token` sees it, or undefined. */
  listed(id: string, token: string, query?: string): Promise<Row | undefined>;
}

let serial = 0;

export function fresh(prefix: string): string {
  serial += 1;
  return `${prefix}${serial}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
}

export async function createProjectTest(): Promise<ProjectTest> {
  const t = await createEntityContext();
  const tok: Record<string, string> = { chenjing: t.staffToken, admin: t.adminToken };
  for (const name of ['zhangwei', 'lina', 'yangqiang', 'majun', 'hugang'])
    tok[name] = await t.login(name, DEMO_PASSWORD);
  const today = todayIn('Asia/Shanghai');
  // The test database carries no demo rows: a customer of the tests' own.
  const code = fresh('KH')
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 20);
  await t.send('POST', '/sys/customer/add', { name: `测试客户${code}`, code, level: 'M' }, tok.zhangwei);
  const customers = await t.get<Page<Row>>(`/sys/customer/list?code=${code}`, tok.zhangwei);
  const customerId = customers.result!.records[0]!.id;
  const listed: ProjectTest['listed'] = async (id, token, query = '') => {
    const page = await t.get<Page<Row>>(`/sys/project/list?pageSize=100${query}`, token);
    return page.result?.records.find((r) => r.id === id);
  };
  const project: ProjectTest['project'] = async (values = {}, token = tok.zhangwei!) => {
    const name = typeof values.name === 'string' ? values.name : fresh('测试项目');
    const res = await t.send(
      'POST',
      '/sys/project/add',
      {
        name,
        code: fresh('T-'),
        customerId,
        category: '3',
        manager: 'chenjing',
        members: 'majun',
        planStart: today,
        planEnd: today,
        budget: 100000,
        ...values,
      },
      token,
    );
    expect(res).toMatchObject({ success: true });
    const page = await t.get<Page<Row>>(`/sys/project/list?name=${encodeURIComponent(name)}`, tok.admin);
    return page.result!.records[0]!;
  };
  return { t, tok, today, customerId, project, listed };
}
