/**
 * The admin calls of 流程模型 and 流程部署 (docs/modules/workflow.md, "Calls"): the models the
 * modeler saves and deploys, an XML deployed directly, the deployed versions, their diagram, and
 * suspend / activate. Every call needs its button permission.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage, ResultCode, type Result } from '../result.js';
import { definitionPage, definitionXml, setDefinitionStatus } from './definitions.js';
import { addModel, deleteModel, deployModel, findModel, modelPage, saveModel } from './models.js';
import type { WorkflowDeps } from './module.js';
import type { PageQuery } from './queries.js';
import { actorOf, bodyOf, idOf } from './routes.js';
import { deploy } from './service.js';

export const DEPLOY_PERMISSION = 'flowDefinition:deploy';
const MODEL = '/workflow/model';
const DEFINITION = '/workflow/definition';

const queryOf = (request: FastifyRequest) => request.query as PageQuery & Record<string, string>;

/** A refused deploy answers every problem, one per element, for the modeler to list. */
function refused(problems: string[]): Result<{ problems: string[] }> {
  return {
    success: false,
    message: `流程校验未通过：${problems.join('；')}`,
    code: ResultCode.ERROR,
    result: { problems },
    timestamp: Date.now(),
  };
}

export function registerDesignRoutes(app: FastifyInstance, deps: WorkflowDeps): void {
  const { db } = deps;

  app.get(`${MODEL}/list`, access('flowModel:list'), (request) =>
    guarded(async () => ok(await modelPage(db, queryOf(request)))),
  );
  app.get(`${MODEL}/queryById`, access('flowModel:list'), (request) =>
    guarded(async () => ok(await findModel(db, idOf(request)))),
  );
  app.post(`${MODEL}/add`, access('flowModel:add'), (request) =>
    guarded(async () => {
      const id = await addModel(db, bodyOf(request), actorOf(request));
      return ok({ id }, '添加成功！');
    }),
  );
  app.route({
    method: ['PUT', 'POST'],
    url: `${MODEL}/edit`,
    ...access('flowModel:edit'),
    handler: (request) =>
      guarded(async () =>
        ok(await saveModel(db, bodyOf(request), idOf(request), actorOf(request)), '保存成功'),
      ),
  });
  app.delete(`${MODEL}/delete`, access('flowModel:delete'), (request) =>
    guarded(async () => {
      await deleteModel(db, idOf(request));
      return okMessage('删除成功！');
    }),
  );
  app.put(`${MODEL}/deploy`, access(DEPLOY_PERMISSION), (request) =>
    guarded(async () => {
      const outcome = await deployModel(db, idOf(request), actorOf(request));
      if (!outcome.ok) return refused(outcome.problems);
      return ok(outcome, `部署成功，版本 ${outcome.version}`);
    }),
  );

  app.post(`${DEFINITION}/deploy`, access(DEPLOY_PERMISSION), (request) =>
    guarded(async () => {
      const xml = bodyOf(request).xml;
      if (typeof xml !== 'string' || !xml.trim()) throw new ApiError('请上传流程文件');
      if (xml.length > 1_000_000) throw new ApiError('流程文件不能超过1MB');
      const made = await deploy(db, xml, actorOf(request));
      return ok(made, `部署成功，版本 ${made.version}`);
    }),
  );
  app.get(`${DEFINITION}/list`, access(DEPLOY_PERMISSION), (request) =>
    guarded(async () => ok(await definitionPage(db, queryOf(request)))),
  );
  app.get(`${DEFINITION}/xml`, access(DEPLOY_PERMISSION), (request) =>
    guarded(async () => ok(await definitionXml(db, checkId(queryOf(request).id)))),
  );
  for (const [path, status, perm] of [
    ['suspend', 'suspended', 'flowDefinition:suspend'],
    ['activate', 'active', 'flowDefinition:activate'],
  ] as const)
    app.put(`${DEFINITION}/${path}`, access(perm), (request) =>
      guarded(async () => okMessage(await setDefinitionStatus(db, idOf(request), status, actorOf(request)))),
    );
}
