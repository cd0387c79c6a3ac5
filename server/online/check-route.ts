/**
 * What a save would refuse in one declaration, without saving (the designer's JSON view asks while
 * the admin types): the language's migrations, the meta-schema and the semantic rules, each problem
 * with its JSON pointer, and once those pass, whether the declaration may use its table
 * (table-check.ts: not a platform table, not another form's, an existing one only from
 * ADOPTABLE_TABLES). The browser checks the meta-schema itself; the semantic rules live here so
 * the list screens' code does not have to share its modules with the designer's bundle.
 */
import type { FastifyInstance } from 'fastify';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { asRecord } from '../entity/body.js';
import { guarded } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import { CGFORM_PERMS } from './designer-routes.js';
import type { OnlineContext } from './save.js';
import { tableIssues } from './table-check.js';

export function registerCheckRoute(app: FastifyInstance, ctx: OnlineContext): void {
  app.post('/online/cgform/head/check', { config: { access: { perm: CGFORM_PERMS.list } } }, (request) =>
    guarded(async () => {
      const declaration = asRecord(request.body).declaration;
      if (typeof declaration !== 'object' || declaration === null || Array.isArray(declaration))
        throw new ApiError('参数错误：declaration 应为对象');
      const { value, issues } = loadDeclaration({ file: 'declaration.json', json: declaration });
      const all = value ? await tableIssues(ctx.db, value, ctx.adoptable) : issues;
      return ok(all.map(({ path, message }) => ({ path: path || '/', message })));
    }),
  );
}
