/** The sample handler: writes one line to the server log. */
import type { JobHandler } from './types.js';

export const sampleLog: JobHandler = {
  name: 'sampleLog',
  title: '示例：写一行日志',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: { message: { type: 'string', maxLength: 200 } },
  },
  async run(ctx, params) {
    const message = typeof params.message === 'string' ? params.message : '示例任务执行';
    ctx.log.info({ jobId: ctx.jobId, fireTime: ctx.fireTime }, message);
    return `已写入日志：${message}`;
  },
};
