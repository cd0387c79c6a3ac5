import { describe, expect, it } from 'vitest';
import {
  columnWidths,
  cutText,
  ELLIPSIS_LENGTH,
  tableColumns,
} from '../../runtime/render/list/table-columns.js';
import { modelOf } from './render-fixture.js';

describe('list columns (spec 000 section 9)', () => {
  const model = modelOf({
    fields: [
      { name: 'title', title: '标题', type: 'string' },
      { name: 'day', title: '日期', type: 'date' },
      { name: 'at', title: '时间', type: 'datetime' },
    ],
  });

  it('gives a datetime 200 (at least 190) and a date at least 135', () => {
    expect(columnWidths(model.field('at')!)).toEqual({ width: 200, minWidth: 190 });
    expect(columnWidths(model.field('day')!)).toEqual({ minWidth: 135 });
    expect(columnWidths(model.field('title')!)).toEqual({});
  });

  it('cuts a text at 25 characters, counting Chinese characters as one, and keeps the whole', () => {
    expect(ELLIPSIS_LENGTH).toBe(25);
    const long = '关于召开二〇二六年度全体员工总结表彰大会暨新年联欢晚会的通知';
    expect(cutText(long)).toEqual({ shown: `${[...long].slice(0, 25).join('')}...`, whole: long });
    expect(cutText('短标题')).toEqual({ shown: '短标题' });
    expect(cutText('x'.repeat(25))).toEqual({ shown: 'x'.repeat(25) });
  });

  it('shows the dictionary text column and sorts on the server', () => {
    const dict = modelOf({
      fields: [{ name: 'level', title: '等级', type: 'string', dict: 'priority', sortable: true }],
    });
    const [column] = tableColumns(dict.declared, { field: 'level', order: 'asc' });
    expect(column).toMatchObject({ dataIndex: 'level_dictText', sorter: true, sortOrder: 'ascend' });
  });
});
