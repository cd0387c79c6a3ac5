import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { fail, ResultCode } from '../result.js';

/**
 * GET /test/fault/:status answers with one of the failures the browser's error catalogue maps
 * (spec 000 section 8), so browser tests can drive each mapping through a real request. It exists
 * only when config.faultInjection is true, which only test code sets (never an environment variable).
 */
export const FAULTS: Readonly<Record<string, { http: number; code: number; message: string }>> = {
  '403': { http: 403, code: 403, message: '拒绝访问：故障注入' },
  '404': { http: 404, code: 404, message: '路径不存在，请检查路径是否正确' },
  '500': { http: 500, code: ResultCode.ERROR, message: '服务器内部错误：故障注入' },
  '504': { http: 504, code: 504, message: '网关超时：故障注入' },
  // A business answer: HTTP 200 with the no-permission code that list loads warn about.
  '510': { http: 200, code: ResultCode.NO_AUTH, message: '没有权限，请联系管理员授权' },
};

export function registerFaultInjection(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'faultInjection'>,
): void {
  if (config.faultInjection !== true) return;
  app.get<{ Params: { status: string } }>(
    '/test/fault/:status',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      const fault = FAULTS[request.params.status];
      if (!fault)
        return reply.status(200).send(fail(`不支持的故障状态：${request.params.status.slice(0, 8)}`));
      return reply.status(fault.http).send(fail(fault.message, fault.code));
    },
  );
}
