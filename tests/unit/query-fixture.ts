import type { QueryField } from '../../runtime/model/query/conditions.js';

/** The fields the query tests filter and sort on. */
export const FIELDS: QueryField[] = [
  { name: 'name', title: '名称', type: 'string', filterable: true, sortable: true },
  { name: 'age', title: '年龄', type: 'int', filterable: true, sortable: true },
  { name: 'price', title: '价格', type: 'money', filterable: true, sortable: false },
  { name: 'birthday', title: '生日', type: 'date', filterable: true, sortable: false },
  { name: 'createTime', title: '创建日期', type: 'datetime', filterable: true, sortable: true },
  { name: 'slot', title: '时段', type: 'time', filterable: true, sortable: false },
  { name: 'active', title: '启用', type: 'boolean', filterable: true, sortable: false },
  { name: 'tags', title: '标签', type: 'string', filterable: true, sortable: false },
  { name: 'password', title: '密码', type: 'string', filterable: false, sortable: false },
];

const byName = new Map(FIELDS.map((f) => [f.name, f]));
export const fieldOf = (name: string) => byName.get(name);
export const field = (name: string) => byName.get(name)!;
