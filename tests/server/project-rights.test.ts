/**
 * Per-project rights (docs/modules/projects.md, "Per-project rights"): the manager grants an
 * outsider 查看 / 编辑 / 推进阶段 / 管理成员 and the server enforces each on the project's calls.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectTest, type ProjectTest, type Row } from './project-helpers.js';
import type { Page } from './entity-helpers.js';
import { projectAccess } from '../../server/project/access.js';

let p: ProjectTest;
beforeAll(async () => {
  p = await createProjectTest();
});
afterAll(() => p?.t.close());

const get = <T = Row>(path: string, token: string | undefined) => p.t.get<T>(path, token);
const grant = (
  projectId: string,
  username: string,
  rights: Record<string, boolean>,
  token: string | undefined,
) => p.t.send('POST', '/sys/project/createOrUpdatePermission', { projectId, username, ...rights }, token);
const byId = (id: string, token: string | undefined) =>
  get(`/sys/project/getProjectById?projectId=${id}`, token);

async function started(): Promise<Row> {
  const row = await p.project();
  expect((await p.t.send('PUT', '/sys/project/startProject', { id: row.id }, p.tok.chenjing)).success).toBe(
    true,
  );
  return (await byId(row.id, p.tok.chenjing)).result!;
}

describe('per-project rights', () => {
  it('查看 lets an outsider read the project but not edit or advance it; 推进阶段 lets them advance', async () => {
    const row = await started();
    expect((await byId(row.id, p.tok.hugang)).code).toBe(403);
    // Only the owners grant.
    expect((await grant(row.id, 'hugang', {}, p.tok.majun)).message).toBe('只有项目经理可以授权该项目');
    expect((await grant(row.id, 'chenjing', {}, p.tok.chenjing)).message).toBe(
      '项目经理已拥有该项目的全部权限',
    );
    expect((await grant(row.id, 'nobody-here', {}, p.tok.chenjing)).message).toBe('授权人员不存在或已停用');
    expect(await grant(row.id, 'hugang', {}, p.tok.chenjing)).toMatchObject({
      success: true,
      message: '授权成功',
    });

    expect((await byId(row.id, p.tok.hugang)).result).toMatchObject({ id: row.id, power: 'view' });
    expect(await p.listed(row.id, p.tok.hugang)).toBeDefined();
    const contacts = await get<Page<Row>>(`/sys/contacts/list?projectId=${row.id}`, p.tok.hugang);
    expect(contacts.success).toBe(true);
    const edit = await p.t.send(
      'PUT',
      '/sys/project/edit',
      { id: row.id, budget: 5, rowVersion: row.rowVersion },
      p.tok.hugang,
    );
    expect(edit).toMatchObject({ success: false, message: '只有项目经理可以编辑该项目' });
    const power = await get(`/sys/project/queryPower?projectId=${row.id}`, p.tok.hugang);
    expect(power.result).toMatchObject({ view: true, edit: false, advance: false, mayAdvance: false });
    const advance = () => p.t.send('PUT', '/sys/project/advanceStage', { projectId: row.id }, p.tok.hugang);
    expect((await advance()).message).toBe('只有项目经理和项目成员可以推进项目阶段');
    const list = await get<{ mayGrant: boolean; records: Row[] }>(
      `/sys/project/queryPermission?projectId=${row.id}`,
      p.tok.hugang,
    );
    expect(list.result).toMatchObject({
      mayGrant: false,
      records: [{ username: 'hugang', view: true, edit: false }],
    });

    // 推进阶段: the stage is offered to them and they complete it as themselves.
    expect((await grant(row.id, 'hugang', { advance: true }, p.tok.chenjing)).success).toBe(true);
    expect((await get(`/sys/project/queryPower?projectId=${row.id}`, p.tok.hugang)).result).toMatchObject({
      advance: true,
      mayAdvance: true,
    });
    expect(await advance()).toMatchObject({ success: true, message: '阶段已推进' });
    expect((await byId(row.id, p.tok.hugang)).result).toMatchObject({
      taskDefKey: 'research',
      stage: '需求调研',
    });

    // Revoked: an outsider again.
    const grants = await get<{ records: Row[] }>(
      `/sys/project/queryPermission?projectId=${row.id}`,
      p.tok.chenjing,
    );
    const grantId = grants.result!.records[0]!.id;
    expect(
      (await p.t.send('DELETE', `/sys/project/deletePermission?id=${grantId}`, undefined, p.tok.hugang))
        .message,
    ).toBe('只有项目经理可以授权该项目');
    expect(
      (await p.t.send('DELETE', `/sys/project/deletePermission?id=${grantId}`, undefined, p.tok.chenjing))
        .success,
    ).toBe(true);
    expect((await byId(row.id, p.tok.hugang)).code).toBe(403);
    expect((await advance()).message).toBe('您不是该项目的成员，无权查看该项目');
  });

  it('编辑 lets them edit the project and its plans but not delete it; 管理成员 lets them change members', async () => {
    const row = await p.project();
    expect((await grant(row.id, 'hugang', { edit: true }, p.tok.chenjing)).success).toBe(true);
    expect((await byId(row.id, p.tok.hugang)).result).toMatchObject({ power: 'view,edit' });
    const edit = await p.t.send(
      'PUT',
      '/sys/project/edit',
      { id: row.id, budget: 7, rowVersion: row.rowVersion },
      p.tok.hugang,
    );
    expect(edit.success).toBe(true);
    const plan = await p.t.send(
      'POST',
      '/plan/projectPlan/add',
      { planName: '授权编辑的计划', projectId: row.id, startDate: p.today, endDate: p.today },
      p.tok.hugang,
    );
    expect(plan.success).toBe(true);
    // Deleting stays with the owners: only 部门经理 hold its button (and see all), so the central
    // condition is read directly for the editor.
    const { rows } = await sql<{ tenantId: number }>`select tenant_id as "tenantId" from biz_project
      where id = ${row.id}`.execute(p.t.database.db);
    const viewer = { userId: 'x', username: 'hugang', tenantId: rows[0]!.tenantId, all: false };
    expect(await projectAccess(p.t.database.db, viewer, row.id)).toMatchObject({
      sees: true,
      manages: true,
      owns: false,
      advances: false,
      managesMembers: true,
    });

    const members = (token: string | undefined, value: string) =>
      p.t.send('PUT', '/sys/project/updateMembers', { projectId: row.id, members: value }, token);
    expect((await members(p.tok.majun, 'majun,yangqiang')).message).toBe(
      '只有项目经理或有“管理成员”权限的人可以修改项目成员',
    );
    expect((await grant(row.id, 'majun', { members: true }, p.tok.chenjing)).success).toBe(true);
    expect((await members(p.tok.majun, 'majun,ghost-user')).message).toBe('成员“ghost-user”不存在或已停用');
    expect(await members(p.tok.majun, 'majun,yangqiang')).toMatchObject({
      success: true,
      message: '项目成员已保存',
    });
    expect((await byId(row.id, p.tok.yangqiang)).result).toMatchObject({ members: 'majun,yangqiang' });
  });
});
