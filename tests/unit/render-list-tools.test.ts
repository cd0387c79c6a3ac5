import { describe, expect, it } from 'vitest';
import sceneJson from '../../schemas/system/scene.json';
import { migrateDeclaration } from '../../runtime/model/declaration/migrations.js';
import { buildEntityModel, type EntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';
import { fetchFile, FILE_TIMEOUT_MS, uploadFiles } from '../../runtime/render/data/files.js';
import { importOutcome, isSpreadsheet } from '../../runtime/render/import-export/import-result.js';
import {
  columnSettingsKey,
  readHiddenColumns,
  shownColumns,
  writeHiddenColumns,
} from '../../runtime/render/list/column-settings.js';
import {
  confirmText,
  mostTransitionsAtOnce,
  rowTransitions,
} from '../../runtime/render/transitions/row-transitions.js';
import type { HttpClient, Result } from '../../runtime/render/types.js';

const scene: EntityModel = buildEntityModel(migrateDeclaration(sceneJson).doc as unknown as Declaration);

function envelope<T>(result: T, extra: Partial<Omit<Result, 'result'>> = {}): Result<T> {
  return { success: true, code: 200, message: '', result, ...extra };
}

describe('row transitions', () => {
  const all = () => 'show' as const;
  const names = (row: Record<string, unknown>, permit = all as (c: string) => 'show' | 'hide' | 'disable') =>
    rowTransitions(scene, row, permit).map((t) => `${t.transition.name}${t.disabled ? '(disabled)' : ''}`);

  it('offers the transitions allowed from the row state', () => {
    expect(names({ status: '0' })).toEqual(['startUse']);
    expect(names({ status: '1' })).toEqual(['stopUse']);
    expect(names({ status: null })).toEqual([]);
    expect(names({ status: 1 })).toEqual(['stopUse']);
  });

  it('hides or disables by the transition permission', () => {
    expect(names({ status: '0' }, (code) => (code === 'scene:startUse' ? 'hide' : 'show'))).toEqual([]);
    expect(names({ status: '0' }, () => 'disable')).toEqual(['startUse(disabled)']);
  });

  it('shows only transitions the list names when it names its row actions', () => {
    const decl = { ...(scene.declaration as Declaration), list: { rowActions: ['edit', 'stopUse'] } };
    const only = buildEntityModel(decl);
    expect(rowTransitions(only, { status: '0' }, all)).toEqual([]);
    expect(rowTransitions(only, { status: '1' }, all).map((t) => t.transition.name)).toEqual(['stopUse']);
  });

  it('counts the most transitions a row offers at once', () => {
    expect(mostTransitionsAtOnce(scene)).toBe(1);
    const decl = scene.declaration as Declaration;
    const close = { name: 'close', title: '关闭', field: 'status', from: ['0', '1'], to: '9' };
    expect(
      mostTransitionsAtOnce(
        buildEntityModel({ ...decl, list: {}, transitions: [...(decl.transitions ?? []), close] }),
      ),
    ).toBe(2);
  });

  it('asks the declared confirmation, else a generic one', () => {
    expect(confirmText(scene.transitions[0])).toBe('确定启用该场景吗?');
    expect(confirmText({ ...scene.transitions[0], confirm: undefined })).toBe('确定启用吗?');
  });
});

describe('column settings', () => {
  it('remembers hidden columns per route and never hides them all', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    writeHiddenColumns(storage, '/customer/list', ['email', 'address']);
    expect(data.has(columnSettingsKey('/customer/list'))).toBe(true);
    expect(readHiddenColumns(storage, '/customer/list')).toEqual(['email', 'address']);
    expect(readHiddenColumns(storage, '/scene/list')).toEqual([]);
    const cols = [{ name: 'a' }, { name: 'b' }];
    expect(shownColumns(cols, ['a'])).toEqual([{ name: 'b' }]);
    expect(shownColumns(cols, ['a', 'b'])).toEqual(cols);
    data.set(columnSettingsKey('/x'), 'oops');
    expect(readHiddenColumns(storage, '/x')).toEqual([]);
  });
});

describe('import outcome', () => {
  it('tells partial success, success and failure apart', () => {
    const partial = importOutcome(
      envelope(
        {
          msg: '总上传行数：3，已导入行数：2，错误行数：1',
          fileUrl: '/sys/common/importError/ab',
          fileName: 'e.xlsx',
        },
        { code: 201, message: '文件导入成功，但有1条数据导入失败' },
      ),
      'a.xlsx',
    );
    expect(partial).toEqual({
      kind: 'partial',
      stored: true,
      message: '文件导入成功，但有1条数据导入失败',
      detail: '总上传行数：3，已导入行数：2，错误行数：1',
      fileUrl: '/sys/common/importError/ab',
      fileName: 'e.xlsx',
    });
    // Every row refused: the dialog must not say 导入成功.
    const none = importOutcome(
      envelope(
        { msg: '', successCount: 0 },
        { code: 201, message: '文件导入失败，1条数据均有错误，未导入任何数据' },
      ),
      'a.xlsx',
    );
    expect(none).toMatchObject({ kind: 'partial', stored: false });
    expect(importOutcome(envelope(null, { message: '文件导入成功！数据行数：2' }), 'a.xlsx')).toEqual({
      kind: 'success',
      message: '文件导入成功！数据行数：2',
    });
    expect(importOutcome(envelope(null), 'a.xlsx')).toEqual({
      kind: 'success',
      message: 'a.xlsx 文件上传成功',
    });
    expect(importOutcome(envelope(null, { success: false, message: '文件格式错误' }), 'a.xls')).toEqual({
      kind: 'failure',
      message: 'a.xls 文件格式错误.',
    });
  });

  it('accepts only spreadsheets', () => {
    expect(isSpreadsheet('客户.XLSX')).toBe(true);
    expect(isSpreadsheet('old.xls')).toBe(true);
    expect(isSpreadsheet('a.csv')).toBe(false);
  });
});

describe('files through the http client', () => {
  function http(answer: () => Promise<unknown>): HttpClient & { calls: unknown[][] } {
    const calls: unknown[][] = [];
    const record =
      (method: string) =>
      (...args: unknown[]) => {
        calls.push([method, ...args]);
        return answer() as Promise<Result<never>>;
      };
    return { calls, get: record('get'), post: record('post'), put: record('put'), delete: record('delete') };
  }

  it('asks for a blob with the long timeout and answers the file', async () => {
    const file = new Blob(['PK'], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const client = http(async () => file);
    expect(await fetchFile(client, '/sys/customer/exportXls', { selections: 'a,b' })).toEqual({
      ok: true,
      blob: file,
    });
    expect(client.calls[0]).toEqual([
      'get',
      '/sys/customer/exportXls',
      { selections: 'a,b' },
      { responseType: 'blob', timeout: FILE_TIMEOUT_MS },
    ]);
  });

  it('turns a JSON envelope, an empty file or a failure into a message', async () => {
    const json = new Blob([JSON.stringify({ success: false, message: '没有权限' })], {
      type: 'application/json',
    });
    expect(
      await fetchFile(
        http(async () => json),
        '/x',
      ),
    ).toEqual({ ok: false, message: '没有权限' });
    expect(
      await fetchFile(
        http(async () => new Blob([])),
        '/x',
      ),
    ).toEqual({ ok: false, message: '文件下载失败' });
    const failing = http(() => Promise.reject(new Error('500')));
    expect(await fetchFile(failing, '/x')).toEqual({ ok: false, message: '文件下载失败' });
  });

  it('uploads files[] as multipart form data', async () => {
    const client = http(async () => envelope(null));
    const file = new File(['x'], '客户.xlsx');
    await uploadFiles(client, '/sys/customer/importExcel', [file]);
    const [method, url, form] = client.calls[0] as [string, string, FormData];
    expect([method, url]).toEqual(['post', '/sys/customer/importExcel']);
    expect((form.get('files[]') as File).name).toBe('客户.xlsx');
  });
});
