import { proxy } from 'valtio';
import type { Notice } from './api';

/**
 * The bell's state. Spec 000 section 3: two counts that start at 0 and whose sum is the badge —
 * the system-message count (announcements) and the second count (reminders).
 */
export interface NoticeState {
  sysMsgCount: number;
  secondMsgCount: number;
  /** The newest unread notices (the poll's page of 3). */
  latest: Notice[];
  /** False once a poll failed: the timer stopped (spec 001 section 8). */
  polling: boolean;
  panelOpen: boolean;
  /** The reminder the modal shows, if any. */
  reminder: Notice | null;
  /** Bumped when the lists changed on the server (a push, read-all): open views reload. */
  version: number;
  /** Bumped when this user's to-do items changed (a 'todo' push): the workbench reloads. */
  todoVersion: number;
}

export const noticeState = proxy<NoticeState>({
  sysMsgCount: 0,
  secondMsgCount: 0,
  latest: [],
  polling: false,
  panelOpen: false,
  reminder: null,
  version: 0,
  todoVersion: 0,
});

export function unreadTotal(state: Pick<NoticeState, 'sysMsgCount' | 'secondMsgCount'>): number {
  return state.sysMsgCount + state.secondMsgCount;
}
