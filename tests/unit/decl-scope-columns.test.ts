/**
 * `list.scopes.values[].columns` (schemas/README.md): a scope shows its own columns (我的待办 has
 * no result columns, 我的已办 has), and a column that is not a declared field is refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Declaration } from '../../runtime/model/declaration/types';
import { loadDeclaration } from '../../runtime/model/declaration/validate';
import { listColumns } from '../../runtime/render/list/useListController';

const FILE = 'schemas/flow/flow-task.json';
const json = () => JSON.parse(readFileSync(FILE, 'utf8')) as Declaration;

describe('scope columns', () => {
  it('shows the columns of the scope the list is on', () => {
    const loaded = loadDeclaration({ file: FILE, json: json() });
    expect(loaded.issues).toEqual([]);
    const model = loaded.value!.model;
    const names = (type: string) =>
      listColumns({ ...model, fixedParams: { ...model.fixedParams, type } }).map((f) => f.title);
    expect(names('1')).toEqual(['标题', '审批节点', '发起人', '到达时间', '流程状态']);
    expect(names('2')).toContain('处理结果');
    expect(names('2')).toContain('审批意见');
    expect(listColumns(model).map((f) => f.name)).toEqual(model.declaration.list!.columns);
  });

  it('refuses a scope column that is not a declared field', () => {
    const d = json();
    d.list!.scopes!.values[0]!.columns = ['title', 'nothing'];
    const issues = loadDeclaration({ file: FILE, json: d }).issues.map((i) => `${i.path}: ${i.message}`);
    expect(issues).toEqual(['/list/scopes/values/0/columns/1: "nothing" is not a declared field']);
  });
});
