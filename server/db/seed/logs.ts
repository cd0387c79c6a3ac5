/**
 * Seed of issue 10's logs, online users and forwarder: the dictionaries their screens name, the
 * demo log rows (logs-demo.ts) and a few forwarding targets as an organisation would configure them.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { insertDicts } from './dicts.js';
import { transitDb } from '../../sys/transit/tables.js';
import { seedId } from './ids.js';
import { demoLogRows } from './logs-demo.js';

export const LOG_DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'log_type',
    name: '日志类型',
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    items: [
      ['1', '查询'],
      ['2', '添加'],
      ['3', '修改'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
    ],
  },
  {
    code: 'log_result',
    name: '操作结果',
    items: [
      ['1', '成功'],
      ['0', '失败'],
    ],
  },
  {
    code: 'transit_method',
    name: '转发请求方式',
    items: [
      ['GET', 'GET'],
      ['POST', 'POST'],
      ['PUT', 'PUT'],
      ['DELETE', 'DELETE'],
    ],
  },
];

const TRANSIT_TARGETS = [
  {
    name: '天气开放接口',
    baseUrl: 'https://api.weather.example.com/v3/',
    allowedMethods: 'GET',
    allowPrivate: 'N',
    timeoutMs: 5000,
    status: '1',
    remark: '接待日程页面显示当日天气',
  },
  {
    name: '短信服务商状态',
    baseUrl: 'https://sms.example.com/api/status',
    allowedMethods: 'GET',
    allowPrivate: 'N',
    timeoutMs: 3000,
    status: '1',
    remark: '工作台显示短信通道是否可用',
  },
  {
    name: '旧工单系统',
    baseUrl: 'http://10.0.8.21:8080/openapi/',
    allowedMethods: 'GET,POST',
    allowPrivate: 'Y',
    timeoutMs: 10000,
    status: '0',
    remark: '迁移期间同步历史工单，迁移完成后已停用',
  },
];

async function seedLogDicts(trx: Transaction<Database>): Promise<void> {
  await insertDicts(trx, LOG_DICTS);
}

export async function seedLogs(trx: Transaction<Database>): Promise<void> {
  await seedLogDicts(trx);
  const rows = demoLogRows();
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('sysLog')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  await transitDb(trx)
    .insertInto('sysTransitTarget')
    .values(TRANSIT_TARGETS.map((t) => ({ id: seedId(`transitTarget:${t.name}`), ...t, createBy: 'admin' })))
    .execute();
}
