/**
 * A filled form is never thrown away by a stray Esc, a click on × or 关闭 (issue 33): while it holds
 * changes, closing asks first. One rule for every form dialog and drawer of the engine and of the
 * hand-made screens (they call `guardedClose` with their own notion of "changed").
 */
import type { FeedbackPort } from '../feedback';

export const CloseGuardMessages = {
  title: '提示',
  discard: '确定放弃未保存的修改吗?',
} as const;

const OPEN_POPUP = [
  '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
  '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  '.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)',
].join(', ');

/**
 * Esc pressed while a date picker's or a select's popup is open meant the popup (the user closes the
 * calendar): the dialog, which hears the same key, stays. The popup is still in the page when the
 * dialog hears the key, as it hides on the next render.
 */
export function escapeOfPopup(event: unknown): boolean {
  const key = (event as { key?: unknown } | null)?.key;
  return key === 'Escape' && typeof document !== 'undefined' && document.querySelector(OPEN_POPUP) !== null;
}

/**
 * Closes at once when nothing changed; otherwise asks, and closes only on 确定. `event` is what the
 * dialog's onCancel received: an Esc meant for an open popup closes nothing.
 */
export function guardedClose(
  feedback: FeedbackPort,
  changed: boolean,
  close: () => void,
  event?: unknown,
): void {
  if (escapeOfPopup(event)) return;
  if (!changed) {
    close();
    return;
  }
  feedback.dialog('confirm', {
    title: CloseGuardMessages.title,
    content: CloseGuardMessages.discard,
    okText: '确定',
    cancelText: '取消',
    onOk: close,
  });
}
