/** What every user route needs: the database, the record validation, the caller and their scope. */
import type { FastifyRequest } from 'fastify';
import type { RecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../http/authenticate.js';
import { hasPermission } from '../../auth/permission-codes.js';
import type { SqlContext } from '../../entity/sql.js';
import { requireAuth } from '../permission.js';
import { userSqlContext } from './query.js';

export interface UserDeps {
  db: Db;
  timeZone: string;
  validation: RecordValidation;
  /** DATA_DIR: the import's error workbooks live under it. */
  dataDir: string;
  ctx: SqlContext;
}

export function userDeps(db: Db, timeZone: string, validation: RecordValidation, dataDir: string): UserDeps {
  return { db, timeZone, validation, dataDir, ctx: userSqlContext(timeZone) };
}

/** The admin view's code: holders see contact data and roles; everyone else the directory. */
export const USER_LIST_PERM = 'user:list';

export function callerOf(request: FastifyRequest): AuthContext {
  return requireAuth(request);
}

export async function seesAdminView(db: Db, auth: AuthContext): Promise<boolean> {
  return hasPermission(db, auth.userId, USER_LIST_PERM);
}
