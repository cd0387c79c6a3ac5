import { afterEach, describe, expect, it, vi } from 'vitest';
import fixture from '../../runtime/render/grid/fixtures/plan-task.json';
import { GridAccess, gridAuthPrefix } from '../../runtime/model/grid/access.js';
import { optionTexts, progressPercent, shortFileName } from '../../runtime/model/grid/cell-text.js';
import { gridColumns } from '../../runtime/model/grid/columns.js';
import { mergeErrors, runHandlers } from '../../runtime/model/grid/handlers.js';
import { debouncedSearch, filterOptions } from '../../runtime/model/grid/search.js';
import { InsertGate } from '../../runtime/model/grid/throttle.js';
import { GridValidator } from '../../runtime/model/grid/validate.js';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';

const model = buildEntityModel(fixture as unknown as Declaration);

afterEach(() => vi.useRealTimers());

describe('insert gate', () => {
  it('refuses clicks within 300 ms and throttles inserts to one per 1500 ms', () => {
    const gate = new InsertGate();
    expect(gate.click(0)).toEqual({ kind: 'insert' });
    expect(gate.click(299)).toEqual({ kind: 'tooFast' });
    expect(gate.click(700)).toEqual({ kind: 'later', wait: 800 });
    expect(gate.click(1100)).toEqual({ kind: 'queued' });
    gate.fired(1500);
    expect(gate.click(3000)).toEqual({ kind: 'insert' });
    expect(gate.click(3300)).toEqual({ kind: 'later', wait: 1200 });
  });
});

describe('searchable select', () => {
  const options = [
    { value: 'av', text: '音视频' },
    { value: 'fu', text: '家具' },
  ];
  it('filters inline options by text or value; an empty keyword keeps all', () => {
    expect(filterOptions(options, '家')).toEqual([options[1]]);
    expect(filterOptions(options, 'AV')).toEqual([options[0]]);
    expect(filterOptions(options, ' ')).toEqual(options);
  });

  it('asks once, 300 ms after the last keystroke; an empty keyword answers nothing', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async (word: string) => [{ value: word, text: word }]);
    const search = debouncedSearch(load);
    expect(await search.search('  ')).toEqual([]);
    const first = search.search('联');
    await vi.advanceTimersByTimeAsync(200);
    const second = search.search('联想');
    await vi.advanceTimersByTimeAsync(299);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await first).toBeNull();
    expect(await second).toEqual([{ value: '联想', text: '联想' }]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('联想');
  });
});

describe('grid permissions', () => {
  const all = [
    { action: 'task:add', type: '2', status: '1' },
    { action: 'task:batch_delete', type: '2', status: '1' },
    { action: 'task:quantity', type: '2', status: '1' },
    { action: 'task:owner', type: '1', status: '1' },
    { action: 'task:label', type: '1', status: '0' },
  ];
  it('appends the colon; removes type 1 and disables type 2 columns the user lacks', () => {
    expect(gridAuthPrefix('task')).toBe('task:');
    expect(gridAuthPrefix('task:')).toBe('task:');
    const access = new GridAccess('task', ['task:add'], all);
    expect(access.column('owner')).toBe('removed');
    expect(access.column('quantity')).toBe('disabled');
    expect(access.column('label')).toBe('edit');
    expect(access.column('taskName')).toBe('edit');
    expect([access.canAdd, access.canBatchDelete]).toEqual([true, false]);
  });

  it('gates nothing without a prefix', () => {
    const access = new GridAccess(undefined, [], all);
    expect([access.column('owner'), access.canAdd, access.canBatchDelete]).toEqual(['edit', true, true]);
  });
});

describe('cell texts', () => {
  it('shows option texts, short file names and the progress percentage', () => {
    expect(optionTexts([{ value: 'r', text: '红' }], 'r,x')).toBe('红,x');
    expect(shortFileName('说明书第一版.pdf')).toBe('说明书第一…');
    expect(shortFileName('a.pdf')).toBe('a.pdf');
    expect([progressPercent('60'), progressPercent(140), progressPercent('x')]).toEqual([60, 100, 0]);
  });
});

describe('draft and custom validation', () => {
  const columns = gridColumns(model, ['planId']);
  const validator = new GridValidator(columns);
  const rows = [
    { key: 'a', values: { taskName: '调研', owner: '' } },
    { key: 'b', values: { taskName: '设计', owner: '' } },
  ];

  it('checks a draft value against the other rows', () => {
    expect(validator.checkCell('taskName', 'b', '调研', rows)).toBe('任务名称不能重复');
    expect(validator.checkCell('taskName', 'a', '调研', rows)).toBeNull();
    expect(validator.checkCell('taskName', 'b', '', rows)).toBe('请输入任务名称!');
    expect(validator.checkCell('owner', 'b', '123', rows)).toBe('请输入正确的手机号码');
  });

  it('runs async handlers only where the built-in rules passed; a throw is a message', async () => {
    const failed = new Map([['a', { owner: '请输入正确的手机号码' }]]);
    const handlers = {
      owner: vi.fn(async () => '已被占用'),
      taskName: async ({ value }: { value: unknown }) => {
        if (value === '设计') throw new Error('名称不可用');
        return null;
      },
    };
    const custom = await runHandlers(handlers, rows, failed);
    expect(handlers.owner).toHaveBeenCalledTimes(1);
    expect(custom).toEqual(new Map([['b', { owner: '已被占用', taskName: '名称不可用' }]]));
    expect(mergeErrors(failed, custom).get('a')).toEqual({ owner: '请输入正确的手机号码' });
  });
});
