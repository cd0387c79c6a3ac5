/**
 * 版本管理 beyond the generated CRUD of schemas/system/version.json: the version number check the
 * form calls while typing (spec 001: GET /sys/duplicate/versionNumberCheck, answered like the
 * generic duplicate check), and the one release reminder (schemas/system/version-reminder.json,
 * "routes": "external": list, queryById, edit) the banner reads through /sys/version/queryReminder.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import declaration from '../../../schemas/system/version-reminder.json';
import { createRecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { addDictText } from '../../entity/dict-text.js';
import { DuplicateMessages } from '../../entity/duplicate-check.js';
import { checkId, EntityMessages, guarded, idParam, pageOf } from '../../entity/route-kit.js';
import type { Row } from '../../entity/store.js';
import { ApiError, fail, ok, okMessage, ResultCode } from '../../result.js';
import { actorOf, checkedValues, modelOf, perm, queryText, text } from '../menu/admin-kit.js';
import { versionDb } from '../version.js';
import { asRecord } from '../../entity/body.js';

export const reminderModel = modelOf('schemas/system/version-reminder.json', declaration);

export const ReminderMessages = {
  notFound: '未找到对应数据',
  contentRequired: '启用提醒时请填写提醒内容',
} as const;

/** The reminder is one row; its id is the integer 1, answered as the text '1'. */
const REMINDER_ID = 1;

async function versionTaken(db: Db, versionNumber: string, exceptId?: string): Promise<boolean> {
  let query = versionDb(db).selectFrom('sysVersion').select('id').where('versionNumber', '=', versionNumber);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function reminderRow(db: Db): Promise<Row> {
  const row = await versionDb(db)
    .selectFrom('sysVersionReminder')
    .select(['status', 'content', 'updateBy', 'updateTime'])
    .where('id', '=', REMINDER_ID)
    .executeTakeFirst();
  // Without a row the banner is off; editing creates it.
  const base = row ?? { status: '0', content: '', updateBy: null, updateTime: null };
  const [shown] = await addDictText(db, reminderModel, [{ id: String(REMINDER_ID), ...base }]);
  return shown;
}

export function registerVersionAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const validation = createRecordValidation();
  const { permissions } = reminderModel;

  const versionNumberCheck = (request: FastifyRequest) =>
    guarded(async () => {
      const value = queryText(request, 'versionNumber') || queryText(request, 'fieldVal');
      if (value === '')
        return { ...okMessage(DuplicateMessages.empty), code: ResultCode.ERROR, result: null };
      const dataId = queryText(request, 'dataId') || queryText(request, 'id');
      const taken = await versionTaken(db, value, dataId ? checkId(dataId) : undefined);
      return taken ? fail(DuplicateMessages.taken) : okMessage(DuplicateMessages.free);
    });
  // The spec lists it with the duplicate checks; JeecgBoot-derived clients call it under the version path.
  // For the people who fill the version form: it tells whether a number exists.
  const formFillers = { config: { access: { perm: ['version:add', 'version:edit'] } } };
  app.get('/sys/duplicate/versionNumberCheck', formFillers, versionNumberCheck);
  app.get('/sys/version/versionNumberCheck', formFillers, versionNumberCheck);

  const base = reminderModel.basePath;
  app.get(`${base}/list`, perm(permissions.list), () =>
    guarded(async () => ok(pageOf([await reminderRow(db)], 1, 1, 10))),
  );

  app.get(`${base}/queryById`, perm(permissions.queryById), (request) =>
    guarded(async () => {
      if (idParam(request) !== String(REMINDER_ID)) throw new ApiError(ReminderMessages.notFound);
      return ok(await reminderRow(db));
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      const body = asRecord(request.body);
      if (String(body.id ?? '') !== String(REMINDER_ID)) throw new ApiError(ReminderMessages.notFound);
      const stored = await reminderRow(db);
      const values = checkedValues(validation, reminderModel, 'edit', body, stored);
      const status = text(values.status ?? stored.status) === '1' ? '1' : '0';
      const content = Object.hasOwn(values, 'content')
        ? (text(values.content) ?? '')
        : String(stored.content);
      if (status === '1' && content === '') throw new ApiError(ReminderMessages.contentRequired);
      const row = { status, content, updateBy: actorOf(request), updateTime: new Date() };
      await versionDb(db)
        .insertInto('sysVersionReminder')
        .values({ id: REMINDER_ID, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      return okMessage(EntityMessages.edited);
    });
  app.put(`${base}/edit`, perm(permissions.edit), edit);
  app.post(`${base}/edit`, perm(permissions.edit), edit);
}
