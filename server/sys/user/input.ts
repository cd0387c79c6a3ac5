/**
 * An add or edit body (or an imported row) checked and turned into what is written. The rules and
 * messages are the declaration's (the same compiled record schema the form uses: 请输入用户账号!,
 * 请输入正确手机号 ...), plus what a declaration cannot say: the password rule of the spec on add,
 * departments / roles / positions / tenants that must exist, at least one tenant (a user in none
 * would sign in to empty screens; an add that names none joins the admin's current tenant), a main
 * department among the user's departments, dictionary values, and a safe avatar path.
 */
import type { RecordFailure, RecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import { checkNewPassword } from '../../../runtime/model/validation/password.js';
import type { Db } from '../../db/database.js';
import { asRecord, bodyValues } from '../../entity/body.js';
import { ApiError } from '../../result.js';
import { lookupDict } from '../dicts.js';
import { UserMessages } from './messages.js';
import { LINK_FIELDS, userModel } from './model.js';
import {
  checkOrgCode,
  checkPosts,
  checkTenants,
  resolveDeparts,
  resolveRoles,
  splitList,
  type DepartRef,
  type RoleRef,
} from './refs.js';

/** sys_user columns a body may write (the link fields and the password are handled apart). */
export interface UserColumns {
  username?: string;
  realname?: string;
  workNo?: string | null;
  avatar?: string | null;
  sex?: number | null;
  birthday?: string | null;
  phone?: string | null;
  email?: string | null;
  orgCode?: string | null;
  post?: string | null;
  relTenantIds?: string;
}

export interface UserInput {
  columns: UserColumns;
  /** Add only: the chosen password (hashed by the caller). */
  password?: string;
  /** undefined: keep the stored departments / roles (an edit that does not send them). */
  departs?: DepartRef[];
  roles?: RoleRef[];
}

/** What an edit starts from: the stored user's links and main department. */
export interface StoredUser {
  id: string;
  username: string;
  orgCode: string | null;
  departs: DepartRef[];
}

/** Keys clients send back from an answer that are not fields (the engine drops `<dict>_dictText`). */
const ANSWER_KEYS: ReadonlySet<string> = new Set(['orgCodeTxt', 'departIds']);

// An uploaded file's stored path (biz/name_ms.ext): no scheme, no '..', no leading slash.
const AVATAR = /^(?!.*\.\.)[A-Za-z0-9_\-.\u4e00-\u9fa5]+(\/[A-Za-z0-9_\-.\u4e00-\u9fa5]+)*$/u;

const order = new Map(userModel.declared.map((f, i) => [f.name, i]));

/** The first failure in form order, as the answer's message. */
function refuseFirst(failures: RecordFailure[]): void {
  if (failures.length === 0) return;
  failures.sort((a, b) => (order.get(a.field) ?? -1) - (order.get(b.field) ?? -1));
  throw new ApiError(failures[0].message);
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const v = String(value).trim();
  return v === '' ? null : v;
}

/** The sys_user columns a checked body sends (absent keys stay absent: an edit keeps them). */
function columnsOf(values: Record<string, unknown>): UserColumns {
  const has = (name: string) => Object.hasOwn(values, name);
  const out: UserColumns = {};
  if (has('username')) out.username = text(values.username) ?? '';
  if (has('realname')) out.realname = text(values.realname) ?? '';
  for (const name of ['workNo', 'avatar', 'birthday', 'phone', 'email', 'orgCode', 'post'] as const)
    if (has(name)) out[name] = text(values[name]);
  if (has('sex')) out.sex = values.sex === null ? null : Number(values.sex);
  if (has('relTenantIds')) out.relTenantIds = text(values.relTenantIds) ?? '';
  return out;
}

/** An int dictionary field holds one of its dictionary's values (性别 1 / 2). */
async function checkDictValue(db: Db, name: 'sex', value: number | null | undefined): Promise<void> {
  if (value === null || value === undefined) return;
  const field = userModel.field(name)!;
  const items = await lookupDict(db, field.dict!, { kind: 'keys', values: [String(value)] }, 1);
  if (items.length === 0) throw new ApiError(UserMessages.notInDict(field.title, String(value)));
}

export interface ReadOptions {
  mode: 'add' | 'edit';
  stored?: StoredUser;
  /** Add: the tenant a user joins when the body names none (the caller's current tenant). */
  defaultTenant?: number;
}

/** Checks a body; throws the first refusal, else answers what to write. */
export async function readUserInput(
  db: Db,
  validation: RecordValidation,
  body: unknown,
  options: ReadOptions,
): Promise<UserInput> {
  const raw = Object.fromEntries(Object.entries(asRecord(body)).filter(([k]) => !ANSWER_KEYS.has(k)));
  const values = bodyValues(userModel, raw);
  const failures = validation.validate(userModel, options.mode, values);
  const password = values.password;
  if (options.mode === 'add') {
    const problem = checkNewPassword(typeof password === 'string' ? password : null);
    if (problem && !failures.some((f) => f.field === 'password'))
      failures.push({ field: 'password', message: problem });
  } else if (text(password) !== null) {
    throw new ApiError(UserMessages.passwordOnEdit);
  }
  refuseFirst(failures);

  const out = columnsOf(values);
  if (options.stored && out.username !== undefined && out.username !== options.stored.username)
    throw new ApiError(UserMessages.usernameFixed);
  if (out.avatar && !AVATAR.test(out.avatar)) throw new ApiError(UserMessages.badAvatar);
  await checkDictValue(db, 'sex', out.sex);
  if ('post' in out) {
    const codes = splitList(out.post);
    await checkPosts(db, codes);
    out.post = codes.length > 0 ? codes.join(',') : null;
  }
  if (!('relTenantIds' in out) && options.mode === 'add' && options.defaultTenant)
    out.relTenantIds = String(options.defaultTenant);
  if ('relTenantIds' in out) {
    const ids = splitList(out.relTenantIds);
    if (ids.length === 0) throw new ApiError(UserMessages.noTenant);
    await checkTenants(db, ids);
    out.relTenantIds = ids.join(',');
  }
  const input: UserInput = { columns: out };
  if (options.mode === 'add') input.password = String(password);
  if (LINK_FIELDS.departs in values)
    input.departs = await resolveDeparts(db, splitList(values[LINK_FIELDS.departs]));
  if (LINK_FIELDS.roles in values) input.roles = await resolveRoles(db, splitList(values[LINK_FIELDS.roles]));
  await settleMainDepart(db, input, options.stored);
  return input;
}

/**
 * The main department (org_code, the user's current department) is one of the user's
 * departments: a given one must be, an absent one keeps the stored one while it still is, and
 * otherwise becomes the first department (none without departments).
 */
async function settleMainDepart(db: Db, input: UserInput, stored?: StoredUser): Promise<void> {
  const departs = input.departs ?? stored?.departs ?? [];
  const codes = departs.map((d) => d.orgCode);
  const given = input.columns.orgCode;
  if (given !== undefined && given !== null && given !== '') {
    await checkOrgCode(db, given);
    if (!codes.includes(given)) throw new ApiError(UserMessages.mainNotMember);
    return;
  }
  const kept = given === undefined ? stored?.orgCode : null;
  const next = kept && codes.includes(kept) ? kept : (codes[0] ?? null);
  if (input.departs !== undefined || given !== undefined || next !== (stored?.orgCode ?? null))
    input.columns.orgCode = next;
}
