import { describe, expect, it, vi } from 'vitest';
import page from '../../runtime/render/fixtures/customer-page.json';
import { createDataAdapter } from '../../runtime/render/data/adapter.js';
import { ContractError, listContractProblems } from '../../runtime/render/data/contract.js';
import { createRegistry, createRuntime } from '../../runtime/render/registry.js';
import type { HttpClient, WidgetProps } from '../../runtime/render/types.js';
import { formWidget, queryWidget } from '../../runtime/render/widgets/widget-type.js';
import { customerModel, modelOf } from './render-fixture.js';

function fakeHttp(answer: unknown): HttpClient & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const reply = (...args: unknown[]) => {
    calls.push(args);
    return Promise.resolve(answer as never);
  };
  return { calls, get: reply, post: reply, put: reply, delete: reply };
}

describe('the list contract check', () => {
  it('accepts the fixture', () => {
    expect(listContractProblems(page.result)).toEqual([]);
  });

  it('names what is missing', () => {
    expect(listContractProblems({ records: {}, total: '2' })).toEqual([
      'result.records must be an array',
      'result.total must be a number',
      'result.size must be a number',
      'result.current must be a number',
      'result.pages must be a number',
    ]);
  });

  it('fails loudly in development, stays quiet when off', async () => {
    const bad = { success: true, message: '', code: 200, result: { rows: [] } };
    await expect(createDataAdapter(fakeHttp(bad), { checkContract: true }).list('/x', {})).rejects.toThrow(
      ContractError,
    );
    await expect(createDataAdapter(fakeHttp(bad), { checkContract: false }).list('/x', {})).resolves.toBe(
      bad,
    );
  });
});

describe('the data adapter names endpoints', () => {
  it('builds the contract paths', async () => {
    const http = fakeHttp({ success: true, message: 'ok', code: 200, result: [] });
    const data = createDataAdapter(http, { checkContract: false });
    await data.queryById('/sys/customer', 'a');
    await data.remove('/sys/customer', 'a');
    await data.removeBatch('/sys/customer', ['a', 'b']);
    await data.add('/sys/customer', { name: 'x' });
    await data.edit('/sys/customer', { id: 'a' });
    await data.dictItems('priority');
    expect(http.calls).toEqual([
      ['/sys/customer/queryById', { id: 'a' }],
      ['/sys/customer/delete', { id: 'a' }],
      ['/sys/customer/deleteBatch', { ids: 'a,b,' }],
      ['/sys/customer/add', { name: 'x' }],
      ['/sys/customer/edit', { id: 'a' }],
      ['/sys/dict/getDictItems/priority'],
    ]);
  });
});

describe('the registry', () => {
  it('loads an entry once, on first use, and keeps the same component', () => {
    const load = vi.fn(() => Promise.resolve((_: WidgetProps) => null));
    const registry = createRegistry([{ type: 'input' as const, load }]);
    expect(load).not.toHaveBeenCalled();
    expect(registry.get('input')).toBe(registry.get('input'));
    expect(registry.has('input')).toBe(true);
  });

  it('is per instance: two runtimes share nothing', () => {
    const session = { auth: () => [], allAuth: () => [], cachedDict: () => undefined };
    const options = { renderers: [], widgets: [], http: fakeHttp(null), session };
    const a = createRuntime({
      ...options,
      widgets: [{ type: 'input', load: () => Promise.resolve(() => null) }],
    });
    const b = createRuntime(options);
    expect(a.widgets.has('input')).toBe(true);
    expect(b.widgets.has('input')).toBe(false);
  });
});

describe('widget choice', () => {
  it('uses the declared widget, else one that fits the type', () => {
    const model = customerModel();
    expect(formWidget(model.field('level')!)).toBe('select');
    expect(formWidget(model.field('remark')!)).toBe('textarea');
    const demo = modelOf({
      fields: [
        { name: 'n', title: 'n', type: 'int' },
        { name: 'd', title: 'd', type: 'datetime' },
        { name: 'b', title: 'b', type: 'boolean' },
      ],
    });
    expect(['n', 'd', 'b'].map((n) => formWidget(demo.field(n)!))).toEqual(['number', 'datetime', 'switch']);
  });

  it('asks for several values in the query form when the rule is in', () => {
    const model = customerModel();
    expect(queryWidget(model.field('level')!)).toBe('multiSelect');
    expect(queryWidget(model.field('remark')!)).toBe('input');
  });
});

describe('the standard entries', () => {
  it('cover the first widget types and the list, tree, erp, tab, copy and innerTable kinds', async () => {
    const { defaultRenderers, defaultWidgets } = await import('../../runtime/render/defaults.js');
    expect(defaultRenderers.map((r) => r.type)).toEqual(['list', 'tree', 'erp', 'tab', 'copy', 'innerTable']);
    expect(defaultWidgets.map((w) => w.type).sort()).toEqual(
      [
        'checkbox',
        'date',
        'datetime',
        'input',
        'multiSelect',
        'number',
        'password',
        'radio',
        'select',
        'switch',
        'textarea',
        'time',
        // pickers, uploads and editors (runtime/render/widgets/entries.ts)
        'departPicker',
        'userPicker',
        'rolePicker',
        'positionPicker',
        'listPicker',
        'popup',
        'region',
        'file',
        'image',
        'treeSelect',
        'categorySelect',
        'richText',
        'markdown',
        'code',
        // the schedule-expression editor (runtime/render/widgets/cron/)
        'cron',
        // the icon picker (runtime/render/widgets/IconPicker.tsx)
        'icon',
        // the ISO week picker (runtime/render/widgets/date-widgets.tsx)
        'week',
        // a percentage: a number in forms, a bar in lists and details (runtime/render/list/progress-cell.tsx)
        'progress',
        // a select searched by its texts: a reference's records (runtime/render/widgets/choice-widgets.tsx)
        'searchSelect',
      ].sort(),
    );
  });
});
