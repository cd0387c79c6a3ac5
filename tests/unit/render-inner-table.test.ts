import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import dictJson from '../../schemas/system/dict.json';
import { createDataAdapter } from '../../runtime/render/data/adapter.js';
import { declarationFileOf, scopedAdapter } from '../../runtime/render/inner-table/child-scope.js';
import { defaultRenderers } from '../../runtime/render/defaults.js';
import type { HttpClient } from '../../runtime/render/types.js';

function recordingHttp(): HttpClient & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const reply = (...args: unknown[]) => {
    calls.push(args);
    return Promise.resolve({ success: true, message: '', code: 200, result: null } as never);
  };
  return { calls, get: reply, post: reply, put: reply, delete: reply };
}

const scope = { basePath: '/sys/dictItem', foreignKey: 'dictId', parentId: 'd1' };

describe('the inner table child scope', () => {
  it('names the declaration file of a child entity in kebab case', () => {
    expect(declarationFileOf('dictItem')).toBe('dict-item');
    expect(declarationFileOf('dict')).toBe('dict');
    expect(declarationFileOf('workOrderSub')).toBe('work-order-sub');
  });

  it('finds a file for every declared child (the convention holds for the shipped declarations)', () => {
    for (const child of dictJson.children) {
      const file = path.resolve('schemas/system', `${declarationFileOf(child.entity)}.json`);
      const decl = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string };
      expect(decl.name).toBe(child.entity);
    }
  });

  it('filters the child list by the foreign key and sends it with a new child', async () => {
    const http = recordingHttp();
    const data = scopedAdapter(createDataAdapter(http, { checkContract: false }), scope);
    await data.list('/sys/dictItem', { pageNo: 1, pageSize: 10, column: 'sortOrder', order: 'asc' });
    await data.add('/sys/dictItem', { itemText: '男', itemValue: '1' });
    expect(http.calls).toEqual([
      ['/sys/dictItem/list', { pageNo: 1, pageSize: 10, column: 'sortOrder', order: 'asc', dictId: 'd1' }],
      ['/sys/dictItem/add', { itemText: '男', itemValue: '1', dictId: 'd1' }],
    ]);
  });

  it('lets the parent id win over a value the query carried, and leaves other calls alone', async () => {
    const http = recordingHttp();
    const data = scopedAdapter(createDataAdapter(http, { checkContract: false }), scope);
    await data.list('/sys/dictItem', { dictId: 'other', pageNo: 1 });
    await data.edit('/sys/dictItem', { id: 'i1', itemText: '女' });
    await data.remove('/sys/dictItem', 'i1');
    await data.list('/sys/dict', { pageNo: 1 });
    expect(http.calls).toEqual([
      ['/sys/dictItem/list', { dictId: 'd1', pageNo: 1 }],
      ['/sys/dictItem/edit', { id: 'i1', itemText: '女' }],
      ['/sys/dictItem/delete', { id: 'i1' }],
      ['/sys/dict/list', { pageNo: 1 }],
    ]);
  });

  it('is registered as the innerTable renderer', () => {
    expect(defaultRenderers.map((r) => r.type)).toContain('innerTable');
  });
});
