/**
 * POST add, PUT / POST edit, DELETE delete?id and deleteBatch?ids, PUT frozenBatch {ids, status},
 * PUT changePassword {username, password, confirmpassword}: the admin screen's changes, each
 * guarded by its button code (the codes the 用户管理 menu grants).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asRecord } from '../../entity/body.js';
import { checkId, guarded, idList, idParam } from '../../entity/route-kit.js';
import { ApiError, okMessage } from '../../result.js';
import { callerOf, type UserDeps } from './context.js';
import { UserMessages } from './messages.js';
import { userModel } from './model.js';
import {
  addUser,
  changeUserPassword,
  deleteUsers,
  editUser,
  freezeUsers,
  type PasswordReset,
} from './operations.js';

const BASE = '/sys/user';
const perm = (code: string) => ({ config: { access: { perm: code } } });

function statusOf(value: unknown): 1 | 2 {
  const n = Number(value);
  if ((typeof value !== 'number' && typeof value !== 'string') || (n !== 1 && n !== 2))
    throw new ApiError(UserMessages.badStatus);
  return n;
}

/** `ids` as the contract's comma list, or a JSON array of ids. */
function bodyIds(value: unknown): string[] {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return idList(value.join(','));
  return idList(typeof value === 'string' ? value : undefined);
}

export function registerUserWriteRoutes(app: FastifyInstance, deps: UserDeps): void {
  const { permissions } = userModel;

  app.post(`${BASE}/add`, perm(permissions.add!), (request) =>
    guarded(async () => {
      await addUser(deps, callerOf(request), request.body);
      return okMessage(UserMessages.added);
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      const body = asRecord(request.body);
      await editUser(deps, callerOf(request), checkId(body.id), body);
      return okMessage(UserMessages.edited);
    });
  app.put(`${BASE}/edit`, perm(permissions.edit!), edit);
  app.post(`${BASE}/edit`, perm(permissions.edit!), edit);

  app.delete(`${BASE}/delete`, perm(permissions.delete!), (request) =>
    guarded(async () => {
      await deleteUsers(deps, callerOf(request), [idParam(request)]);
      return okMessage(UserMessages.deleted);
    }),
  );

  app.delete(`${BASE}/deleteBatch`, perm(permissions.deleteBatch!), (request) =>
    guarded(async () => {
      const { ids } = (request.query ?? {}) as { ids?: unknown };
      await deleteUsers(deps, callerOf(request), bodyIds(ids));
      return okMessage(UserMessages.batchDeleted);
    }),
  );

  app.put(`${BASE}/frozenBatch`, perm(userModel.action('frozen')!.permission), (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const status = statusOf(body.status);
      await freezeUsers(deps, callerOf(request), bodyIds(body.ids), status);
      return okMessage(status === 2 ? UserMessages.frozen : UserMessages.unfrozen);
    }),
  );

  app.put(`${BASE}/changePassword`, perm(userModel.action('resetPassword')!.permission), (request) =>
    guarded(async () => {
      await changeUserPassword(deps, callerOf(request), asRecord(request.body) as PasswordReset);
      return okMessage(UserMessages.passwordChanged);
    }),
  );
}
