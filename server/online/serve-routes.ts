/**
 * GET /online/cgform/api/declaration/:name: the normalised declaration of a screen, file or
 * designed, from the registry's per-version cache, with an ETag; a matching If-None-Match answers
 * 304 with no body. Any signed-in user may read a screen's declaration (its routes hold the rights).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../result.js';
import { OnlineMessages } from './messages.js';
import type { OnlineRegistry } from './registry.js';

const NAME = /^[a-z][a-zA-Z0-9]{0,49}$/;

export function registerServeRoutes(app: FastifyInstance, registry: OnlineRegistry): void {
  app.get(
    '/online/cgform/api/declaration/:name',
    { config: { access: 'authenticated' } },
    (request, reply) => {
      const name = (request.params as { name: string }).name;
      const served = NAME.test(name) ? registry.serve(name) : null;
      if (!served) throw new ApiError(OnlineMessages.noScreen(name.slice(0, 50)));
      reply.header('etag', served.etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === served.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(served.body);
    },
  );
}
