import type { FastifySchema } from 'fastify';
import { ApiError } from '../result.js';
import { NoticeMessages } from './messages.js';
import { joinIds, splitIds } from './ids.js';
import { cleanHtml } from '../security/html.js';
import { CATEGORIES, type MsgType, type Priority } from './tables.js';

const str = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

/**
 * The writable fields of an announcement. Anything else in the body (id, sender, sendStatus,
 * tenantId, createBy ...) is dropped by the schema: those are the server's to set.
 */
export const announcementBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', maxLength: 64 },
    titile: str(200),
    msgContent: str(200_000),
    msgAbstract: str(500),
    startTime: str(19),
    endTime: str(19),
    priority: str(1),
    msgCategory: str(2),
    msgType: str(10),
    userIds: str(40_000),
    departIds: str(40_000),
    roleIds: str(40_000),
    busType: str(32),
    busId: str(64),
    openType: str(10),
    openPage: str(255),
  },
} as const;

export const announcementSchema: FastifySchema = { body: announcementBody };

export interface AnnouncementBody {
  id?: string;
  titile?: string | null;
  msgContent?: string | null;
  msgAbstract?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  priority?: string | null;
  msgCategory?: string | null;
  msgType?: string | null;
  userIds?: string | null;
  departIds?: string | null;
  roleIds?: string | null;
  busType?: string | null;
  busId?: string | null;
  openType?: string | null;
  openPage?: string | null;
}

/** The checked values, dates still as local 'YYYY-MM-DD HH:mm:ss' text (the store converts them). */
export interface AnnouncementValues {
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  startTime: string | null;
  endTime: string | null;
  priority: Priority;
  msgCategory: string;
  msgType: MsgType;
  userIds: string | null;
  departIds: string | null;
  roleIds: string | null;
  busType: string | null;
  busId: string | null;
  openType: 'component' | 'url' | null;
  openPage: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const MSG_TYPES: readonly MsgType[] = ['ALL', 'USER', 'DEPART', 'ROLE'];
const BUS = /^[A-Za-z0-9_-]{1,64}$/;
// An app-relative path: one leading slash, no scheme, no second slash (no open redirect).
const URL_PAGE = /^\/(?![/\\])[A-Za-z0-9_\-./?=&%#]*$/;
// A component key of the router ('modules/notice/NoticeDetails').
const COMPONENT_PAGE = /^[A-Za-z0-9_\-/.]{1,255}$/;

function text(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return v === '' ? null : v;
}

function date(value: string | null | undefined): string | null {
  const v = text(value);
  if (v === null) return null;
  if (!DATE.test(v)) throw new ApiError('参数错误：日期格式应为 YYYY-MM-DD HH:mm:ss');
  return v;
}

function busValue(value: string | null | undefined): string | null {
  const v = text(value);
  if (v !== null && !BUS.test(v)) throw new ApiError('参数错误：业务标识格式不正确');
  return v;
}

/** Checks a body and returns what may be stored; the HTML is cleaned here (and again on the way out). */
export function readAnnouncement(body: AnnouncementBody): AnnouncementValues {
  const titile = text(body.titile);
  if (!titile) throw new ApiError(NoticeMessages.titleRequired);
  const msgCategory = text(body.msgCategory) ?? '';
  if (!(msgCategory in CATEGORIES)) throw new ApiError(NoticeMessages.badCategory);
  const msgType = (text(body.msgType) ?? 'ALL') as MsgType;
  if (!MSG_TYPES.includes(msgType)) throw new ApiError(NoticeMessages.badRecipientType);
  const priority = (text(body.priority) ?? 'M') as Priority;
  if (!['L', 'M', 'H'].includes(priority)) throw new ApiError('参数错误：优先级应为 L、M 或 H');
  // Only the list that matches the type is kept, so a stale list never widens the audience.
  const userIds = msgType === 'USER' ? joinIds(splitIds(body.userIds)) : null;
  const departIds = msgType === 'DEPART' ? joinIds(splitIds(body.departIds)) : null;
  const roleIds = msgType === 'ROLE' ? joinIds(splitIds(body.roleIds)) : null;
  if (msgType !== 'ALL' && !(userIds ?? departIds ?? roleIds))
    throw new ApiError(NoticeMessages.noRecipients);
  const openType = text(body.openType);
  if (openType !== null && openType !== 'component' && openType !== 'url') {
    throw new ApiError(NoticeMessages.badOpenPage);
  }
  const openPage = text(body.openPage);
  if (openPage !== null) {
    const ok = openType === 'url' ? URL_PAGE.test(openPage) : COMPONENT_PAGE.test(openPage);
    if (!ok) throw new ApiError(NoticeMessages.badOpenPage);
  }
  return {
    titile,
    msgContent: cleanHtml(body.msgContent),
    msgAbstract: text(body.msgAbstract),
    startTime: date(body.startTime),
    endTime: date(body.endTime),
    priority,
    msgCategory,
    msgType,
    userIds,
    departIds,
    roleIds,
    busType: busValue(body.busType),
    busId: busValue(body.busId),
    openType,
    openPage,
  };
}
