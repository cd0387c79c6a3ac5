import type { NavigateFunction } from 'react-router-dom';
import { SESSION_TTL_MS } from '../config';
import { localStore } from '../session/storage';
import { applyTabChange, tabs } from '../shell/tabs';
import { closeTab } from '../shell/tabs-model';
import type { Notice } from './api';
import { noticeState } from './store';

export const NOTICE_DETAILS_PATH = '/HomePage/noticedetails';
export const WORK_ORDER_DETAILS_PATH = '/HomePage/DistributedDetails/details';
export const PROJECT_PAGE_PATH = '/modules/project/index';
export const MY_MESSAGE_PATH = '/modules/message/myMessage';
/** 去处理 of a flow's 催办: the urged person's 我的待办. */
export const FLOW_TODO_PATH = '/flow/todo';
/** Spec 000 section 10: the notice navigation delay. */
export const NOTICE_NAVIGATION_DELAY_MS = 500;

/** The notice-detail hand-off kept locally (spec 000 section 3): noticeid, activeTab, appType, appId. */
export const NoticeHandOffKeys = {
  noticeId: 'noticeid',
  activeTab: 'activeTab',
  appType: 'appType',
  appId: 'appId',
} as const;

export interface NoticeHandOff {
  noticeId: string;
  activeTab: string;
  appType: string;
  appId: string;
}

export function saveHandOff(handOff: NoticeHandOff): void {
  localStore.set(NoticeHandOffKeys.noticeId, handOff.noticeId, SESSION_TTL_MS);
  localStore.set(NoticeHandOffKeys.activeTab, handOff.activeTab, SESSION_TTL_MS);
  localStore.set(NoticeHandOffKeys.appType, handOff.appType, SESSION_TTL_MS);
  localStore.set(NoticeHandOffKeys.appId, handOff.appId, SESSION_TTL_MS);
}

export function readHandOff(): NoticeHandOff {
  return {
    noticeId: localStore.get<string>(NoticeHandOffKeys.noticeId) ?? '',
    activeTab: localStore.get<string>(NoticeHandOffKeys.activeTab) ?? '1',
    appType: localStore.get<string>(NoticeHandOffKeys.appType) ?? '',
    appId: localStore.get<string>(NoticeHandOffKeys.appId) ?? '',
  };
}

/**
 * Opens a notice's details: stores the hand-off, then after 500 ms goes to the details route. When
 * that route is already open its tab is closed first, so the page mounts again with the new notice.
 */
export function openNoticeDetails(
  notice: Notice,
  activeTab: '1' | '2',
  navigate: NavigateFunction,
  currentPath: string,
): Promise<void> {
  saveHandOff({ noticeId: notice.id, activeTab, appType: notice.appType ?? '', appId: notice.appId ?? '' });
  noticeState.panelOpen = false;
  return new Promise((resolve) => {
    setTimeout(() => {
      if (currentPath === NOTICE_DETAILS_PATH) {
        const open = tabs.pages.find((p) => p.key.split('?')[0] === NOTICE_DETAILS_PATH);
        if (open) applyTabChange(closeTab(tabs.pages, open.key, tabs.activeKey));
      }
      navigate(NOTICE_DETAILS_PATH);
      resolve();
    }, NOTICE_NAVIGATION_DELAY_MS);
  });
}

/**
 * 去处理 of the reminder modal (spec 001 section 2): a url-type record goes to its openPage; a work
 * order reminder to the work-order details, a flow's to 我的待办, anything else to the project page,
 * with appId as id.
 */
export function handleTarget(notice: Notice): string {
  // Only an app-relative path ('/x', not '//host' or 'scheme:'): a notice can never send users away.
  const page = notice.openPage ?? '';
  if (notice.openType === 'url' && /^\/(?!\/)/.test(page)) return page;
  const id = encodeURIComponent(notice.appId ?? '');
  if (notice.appType === 'flow') return FLOW_TODO_PATH;
  return notice.appType === 'workOrder'
    ? `${WORK_ORDER_DETAILS_PATH}?id=${id}`
    : `${PROJECT_PAGE_PATH}?id=${id}`;
}

/** Whether a notice leads to an item: a reminder, or a record with an app page to open. */
export function opensItem(notice: Notice): boolean {
  if (notice.kind === 'urge') return true;
  return notice.openType === 'url' && /^\/(?!\/)/.test(notice.openPage ?? '');
}
