import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { insertDicts } from './dicts.js';
import { WORK_ORDER_DICTS } from '../../workorder/dicts.js';
import { MEETING_DICTS } from '../../meeting/dicts.js';
import { DOCUMENT_DICTS } from '../../document/dicts.js';
import { EVALUATION_DICTS } from '../../evaluation/dicts.js';

/** Dictionaries the declarations name beyond the foundation's (scene use, message templates and pushes). */
export const ENTITY_DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'scene_status',
    name: '场景状态',
    items: [
      ['0', '未启用'],
      ['1', '已启用'],
    ],
  },
  {
    code: 'msg_template_type',
    name: '模板类型',
    items: [
      ['1', '文本'],
      ['2', '富文本'],
    ],
  },
  {
    code: 'msg_channel',
    name: '推送类别',
    items: [
      ['1', '短信'],
      ['2', '邮件'],
      ['3', '微信'],
      ['4', '系统'],
    ],
  },
  {
    code: 'urge_app_type',
    name: '催办类型',
    items: [
      ['workOrder', '工单'],
      ['project', '项目'],
      ['flow', '流程'],
    ],
  },
  {
    code: 'read_flag',
    name: '阅读状态',
    items: [
      ['0', '未读'],
      ['1', '已读'],
    ],
  },
  {
    code: 'msg_send_status',
    name: '推送状态',
    items: [
      ['0', '未推送'],
      ['1', '推送成功'],
      ['2', '推送失败'],
    ],
  },
];

export async function seedEntityDicts(trx: Transaction<Database>): Promise<void> {
  await insertDicts(trx, [
    ...ENTITY_DICTS,
    ...WORK_ORDER_DICTS,
    ...MEETING_DICTS,
    ...EVALUATION_DICTS,
    ...DOCUMENT_DICTS,
  ]);
}
