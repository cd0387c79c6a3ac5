import { getAction, putAction } from '../http/client';
import type { Result } from '../http/types';

/** A notice as the server lists it (spec 000 section 3; announcements and reminders alike). */
export interface Notice {
  id: string;
  /** 'announcement' or 'urge' (a 催办 reminder on a work order or project). */
  kind?: 'announcement' | 'urge';
  esTitle: string;
  titile?: string;
  esContent?: string;
  createUserName?: string | null;
  createBy?: string | null;
  createTime: string;
  esReadStatus?: '0' | '1';
  esReadTime?: string | null;
  /** The category code 4-8 for announcements; workOrder / project for reminders. */
  appType?: string;
  appTypeName?: string;
  appId?: string | null;
  openType?: string | null;
  openPage?: string | null;
  msgId?: string;
  msgTxt?: string;
}

export interface NoticePage {
  records: Notice[];
  total: number;
}

/** The fields the bell and the reminder modal use; the list sends only these. */
const BELL_FIELDS = [
  'id',
  'kind',
  'esTitle',
  'esContent',
  'createUserName',
  'createBy',
  'createTime',
  'appType',
  'appId',
  'openType',
  'openPage',
].join(',');

/** Spec 001 section 8: the bell's poll (unread, newest first, page size 3). */
export const BELL_PAGE_SIZE = 3;

export function fetchUnread(): Promise<Result<NoticePage>> {
  return getAction<NoticePage>(
    '/sys/notice/list',
    {
      esReadStatus: '0',
      column: 'createTime',
      order: 'desc',
      field: BELL_FIELDS,
      pageNo: 1,
      pageSize: BELL_PAGE_SIZE,
    },
    // The poller stops on a failure instead of raising a notice every 6 seconds.
    { silent: true },
  );
}

export interface ReadLists {
  readList: Notice[];
  unReadList: Notice[];
}

/** The panel's lists; `appTypes` empty means every category. */
export function fetchReadLists(appTypes: readonly string[]): Promise<Result<ReadLists>> {
  return getAction<ReadLists>(
    '/sys/notice/queryReadList',
    appTypes.length ? { appType: appTypes.join(',') } : {},
  );
}

export function readAll(): Promise<Result<unknown>> {
  return putAction<unknown>('/sys/notice/readAll');
}

export function viewNotice(id: string): Promise<Result<Notice>> {
  return getAction<Notice>('/sys/notice/viewById', { id });
}

export function markRead(id: string): Promise<Result<unknown>> {
  return putAction<unknown>('/sys/notice/read', { id });
}

/** My messages (/modules/message/myMessage): the announcements sent to me, paged. */
export interface MySend {
  id: string;
  anntId: string;
  titile: string;
  msgCategory?: string;
  msgCategory_dictText?: string;
  sender?: string;
  sendTime?: string;
  readFlag: string | number;
  readTime?: string | null;
  priority?: string;
  priority_dictText?: string;
}

export function fetchMySends(params: {
  pageNo: number;
  pageSize: number;
  titile?: string;
}): Promise<Result<{ records: MySend[]; total: number }>> {
  return getAction('/sys/sysAnnouncementSend/getMyAnnouncementSend', params);
}
