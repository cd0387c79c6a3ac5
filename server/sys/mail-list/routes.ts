/**
 * 通讯录 beyond the generated CRUD of schemas/system/mail-list.json (spec 001: POST
 * /sys/mailList/add, addProjectMail; PUT edit; GET queryAll):
 *
 * - GET queryAll: every contact of the caller's tenant the caller may see (data rules apply), by
 *   name, optionally one project's (`projectId`) or filtered like the list (`name=*张*`); at most
 *   QUERY_ALL_MAX rows, as a plain array.
 * - POST addProjectMail {projectId, contacts: [{name, phone, ...}]}: adds a project's contacts
 *   to the list, linked to the project. Each contact is checked like an add (same rules and
 *   messages); one bad contact refuses the whole call. A contact the project already has (same
 *   phone, or same name when there is no phone), or one repeated in the call, is skipped.
 *   Projects are not built yet: the project id is taken as given (an id's shape), not looked up.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import declaration from '../../../schemas/system/mail-list.json';
import { createRecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import { compileListQuery } from '../../../runtime/model/query/compile.js';
import type { AppDeps } from '../../deps.js';
import { newId } from '../../db/seed/ids.js';
import { asRecord, bodyValues } from '../../entity/body.js';
import { addDictText } from '../../entity/dict-text.js';
import { checkId, guarded, queryOf } from '../../entity/route-kit.js';
import { ALIAS, EntityStore, type Caller } from '../../entity/store.js';
import { ApiError, ok } from '../../result.js';
import { modelOf, perm, scopeOf, text } from '../menu/admin-kit.js';
import { requireAuth } from '../permission.js';

export const mailListModel = modelOf('schemas/system/mail-list.json', declaration);

export const QUERY_ALL_MAX = 2000;
export const PROJECT_MAIL_MAX = 500;

export const MailListMessages = {
  noProject: '参数错误：缺少projectId',
  noContacts: '请至少提供一个联系人',
  tooMany: `一次最多添加${PROJECT_MAIL_MAX}个联系人`,
  contact: (n: number, message: string) => `第${n}个联系人：${message}`,
  added: (added: number, skipped: number) =>
    skipped > 0 ? `添加成功！新增${added}人，跳过${skipped}个已存在的联系人` : `添加成功！新增${added}人`,
} as const;

/** Who a contact is within a project: the phone, or the name when there is no phone. */
function identity(values: Record<string, unknown>): string {
  const phone = text(values.phone);
  return phone ? `phone:${phone}` : `name:${text(values.name) ?? ''}`;
}

export function registerMailListRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const timeZone = deps.config.timeZone;
  const model = mailListModel;
  const validation = createRecordValidation();
  const storeOf = (handle: typeof db) => new EntityStore(handle, model, timeZone);

  const callerOf = async (request: FastifyRequest): Promise<Caller> => {
    const auth = requireAuth(request);
    return {
      username: auth.username,
      tenantId: auth.tenantId,
      orgCode: auth.orgCode,
      dataScope: await scopeOf(db, request, model, ALIAS, timeZone),
    };
  };

  app.get(`${model.basePath}/queryAll`, perm(model.permissions.list), (request) =>
    guarded(async () => {
      const query = compileListQuery(queryOf(request), (name) => model.field(name), {
        defaultSort: model.defaultSort,
      });
      const rows = await storeOf(db).list(await callerOf(request), query.where, query.sort, QUERY_ALL_MAX);
      return ok(await addDictText(db, model, rows));
    }),
  );

  app.post(`${model.basePath}/addProjectMail`, perm(model.permissions.add), (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      if (body.projectId === undefined || body.projectId === null || body.projectId === '')
        throw new ApiError(MailListMessages.noProject);
      const projectId = checkId(body.projectId);
      const contacts = Array.isArray(body.contacts) ? body.contacts : [];
      if (contacts.length === 0) throw new ApiError(MailListMessages.noContacts);
      if (contacts.length > PROJECT_MAIL_MAX) throw new ApiError(MailListMessages.tooMany);
      const checked = contacts.map((contact: unknown, i) => {
        const values = { ...bodyValues(model, asRecord(contact)), projectId };
        const failures = validation.validate(model, 'add', values, { context: values });
        if (failures.length > 0) throw new ApiError(MailListMessages.contact(i + 1, failures[0].message));
        return values;
      });
      const caller = await callerOf(request);
      const result = await db.transaction().execute(async (trx) => {
        const store = storeOf(trx);
        const projectField = model.field('projectId')!;
        const known = await store.list({ ...caller, dataScope: null }, null, [], PROJECT_MAIL_MAX * 20, [
          store.equals(projectField, projectId),
        ]);
        const seen = new Set(known.map(identity));
        let added = 0;
        for (const values of checked) {
          const key = identity(values);
          if (seen.has(key)) continue;
          seen.add(key);
          await store.insert(caller, newId(), values);
          added += 1;
        }
        return { added, skipped: checked.length - added };
      });
      return ok(result, MailListMessages.added(result.added, result.skipped));
    }),
  );
}
