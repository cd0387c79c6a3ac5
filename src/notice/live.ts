import { announceRowsChanged, EVERY_LIST } from '../../runtime/render/data/live-lists';
import { API_BASE } from '../config';
import { fetchUnread, type Notice } from './api';
import { NoticeSocket, socketUrl, type NoticePush } from './socket';
import { noticeState } from './store';

/** Spec 001 section 10: the bell polls every 6 s. */
export const NOTICE_POLL_MS = 6_000;

let timer: ReturnType<typeof setInterval> | undefined;
let socket: NoticeSocket | null = null;
let inFlight: Promise<void> | null = null;

function isReminder(notice: Notice): boolean {
  return notice.kind === 'urge';
}

/** One poll: the newest unread page and the unread total. A failure stops the timer. */
export function refreshNotices(): Promise<void> {
  inFlight ??= fetchUnread()
    .then((res) => {
      if (!res.success) throw new Error(res.message);
      const records = res.result?.records ?? [];
      noticeState.latest = records;
      noticeState.sysMsgCount = Number(res.result?.total ?? records.length);
      noticeState.version += 1;
    })
    .catch(() => stopPolling())
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function stopPolling(): void {
  clearInterval(timer);
  timer = undefined;
  noticeState.polling = false;
}

/**
 * A push: reload at once; a reminder addressed to this user opens the reminder modal. Rows changed
 * reload the open lists of their entity; a to-do change or a notice to this user (an approval
 * decided, work given) may change what any open list shows, so every open list reloads.
 */
async function onPush(push: NoticePush): Promise<void> {
  if (push.cmd === 'rows') {
    announceRowsChanged(push.msgId);
    return;
  }
  if (push.cmd !== 'topic') announceRowsChanged(EVERY_LIST);
  if (push.cmd === 'todo') {
    noticeState.todoVersion += 1;
    return;
  }
  await refreshNotices();
  if (push.cmd !== 'user' || !push.msgId) return;
  const notice = noticeState.latest.find((n) => n.id === push.msgId);
  if (notice && isReminder(notice)) noticeState.reminder = notice;
}

/** Starts the poll and the socket for the signed-in user; stopLiveNotices() ends both. */
export function startLiveNotices(userId: string, token: string): void {
  stopLiveNotices();
  noticeState.polling = true;
  void refreshNotices();
  timer = setInterval(() => void refreshNotices(), NOTICE_POLL_MS);
  if (typeof WebSocket !== 'undefined' && userId && token) {
    socket = new NoticeSocket({
      url: socketUrl(window.location, API_BASE, userId),
      token,
      onPush: (push) => void onPush(push),
    });
    socket.start();
  }
}

export function stopLiveNotices(): void {
  stopPolling();
  socket?.stop();
  socket = null;
}
