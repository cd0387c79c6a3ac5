/**
 * The required message's verb follows the widget (issue 33, item 9): 请选择 for what is picked, 请输入
 * for what is typed, the same words on the server (record-schema) and in the form.
 */
import { describe, expect, it } from 'vitest';
import { requiredMessage } from '../../runtime/model/declaration/widget-of';

describe('requiredMessage', () => {
  it('says 请选择 for selects, dates, pickers and uploads', () => {
    expect(requiredMessage({ title: '会议类型', type: 'string', dict: 'meeting_type' })).toBe(
      '请选择会议类型!',
    );
    expect(requiredMessage({ title: '开始时间', type: 'datetime' })).toBe('请选择开始时间!');
    expect(requiredMessage({ title: '主持人', type: 'string', widget: 'userPicker' })).toBe('请选择主持人!');
    expect(requiredMessage({ title: '附件', type: 'string', widget: 'file' })).toBe('请选择附件!');
  });

  it('says 请输入 for text, numbers and passwords', () => {
    expect(requiredMessage({ title: '会议主题', type: 'string' })).toBe('请输入会议主题!');
    expect(requiredMessage({ title: '人数', type: 'int' })).toBe('请输入人数!');
    expect(requiredMessage({ title: '说明', type: 'text', widget: 'textarea' })).toBe('请输入说明!');
  });
});
