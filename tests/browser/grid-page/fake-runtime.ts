/**
 * A runtime for the grid test page with canned answers instead of a server: dictionaries, the async
 * dictionary search (its calls are counted on window.gridCalls), the department tree, users, the
 * upload endpoint and one online report for the popup column. Permissions: the user lacks
 * gridEquipment:price (type 2, disabled), gridEquipment:cost (type 1, removed) and
 * gridEquipment:batch_delete.
 */
import { createRuntime, type Runtime } from '../../../runtime/render/registry';
import { defaultWidgets } from '../../../runtime/render/defaults';
import type { HttpClient, Result } from '../../../runtime/render/types';

declare global {
  interface Window {
    gridCalls: string[];
  }
}
window.gridCalls = [];

const DICTS: Record<string, { value: string; text: string }[]> = {
  grid_color: [
    { value: 'red', text: '红' },
    { value: 'blue', text: '蓝' },
    { value: 'green', text: '绿' },
  ],
  grid_depart: [
    { value: 'd1', text: '行政部' },
    { value: 'd2', text: '技术部' },
  ],
  grid_brand: [
    { value: 'hw', text: '华为' },
    { value: 'lx', text: '联想' },
    { value: 'dl', text: '戴尔' },
  ],
};
const depart = (id: string, name: string) => ({
  key: id,
  id,
  value: id,
  title: name,
  departName: name,
  orgCode: id,
  parentId: '',
  isLeaf: true,
});
const SUPPLIERS = [
  { id: 's1', name: '华东设备', phone: '13800000001' },
  { id: 's2', name: '北方科技', phone: '13800000002' },
];

function answer(url: string, params: Record<string, unknown>): unknown {
  if (url.startsWith('/sys/dict/getDictItems/'))
    return DICTS[decodeURIComponent(url.split('/').pop() ?? '')] ?? [];
  if (url.startsWith('/sys/dict/loadDict/')) {
    const word = String(params.keyword ?? '');
    return (DICTS[decodeURIComponent(url.split('/').pop() ?? '')] ?? []).filter((i) => i.text.includes(word));
  }
  if (url === '/sys/sysDepart/queryTreeList') return [depart('d1', '行政部'), depart('d2', '技术部')];
  if (url === '/sys/user/queryUserComponentData')
    return {
      records: [{ id: 'u1', username: 'zhangsan', realname: '张三' }],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    };
  if (url.endsWith('/getRpColumns/rp_supplier'))
    return {
      columns: [
        {
          title: '名称',
          dataIndex: 'name',
          fieldType: 'String',
          width: null,
          sorter: false,
          dictCode: null,
          href: null,
          total: null,
        },
        {
          title: '电话',
          dataIndex: 'phone',
          fieldType: 'String',
          width: null,
          sorter: false,
          dictCode: null,
          href: null,
          total: null,
        },
      ],
      dictOptions: {},
      cgRpConfigId: 'rp_supplier',
      cgRpConfigName: '供应商',
      chart: null,
    };
  if (url.endsWith('/getQueryInfo/rp_supplier')) return [];
  if (url.endsWith('/getData/rp_supplier'))
    return { records: SUPPLIERS, total: SUPPLIERS.length, current: 1, size: 10, totals: null };
  return null;
}

const ok = <T>(result: unknown): Result<T> =>
  ({ success: true, code: 200, message: '', result, timestamp: 0 }) as unknown as Result<T>;

const http: HttpClient = {
  async get<T>(url: string, params?: object) {
    window.gridCalls.push(`${url}${params ? ` ${JSON.stringify(params)}` : ''}`);
    return ok<T>(answer(url, (params ?? {}) as Record<string, unknown>));
  },
  async post<T>(url: string) {
    window.gridCalls.push(url);
    if (url === '/sys/common/upload')
      return {
        success: true,
        code: 200,
        message: 'temp/报价单2025.pdf',
        result: null,
        timestamp: 0,
      } as unknown as Result<T>;
    return ok<T>(null);
  },
  put: async <T>() => ok<T>(null),
  delete: async <T>() => ok<T>(null),
};

export function fakeRuntime(): Runtime {
  return createRuntime({
    renderers: [],
    widgets: defaultWidgets,
    http,
    session: {
      auth: () => [{ action: 'gridEquipment:add', type: '2' }],
      allAuth: () => [
        { action: 'gridEquipment:add', type: '2', status: '1' },
        { action: 'gridEquipment:batch_delete', type: '2', status: '1' },
        { action: 'gridEquipment:price', type: '2', status: '1' },
        { action: 'gridEquipment:cost', type: '1', status: '1' },
      ],
      cachedDict: () => undefined,
    },
  });
}
