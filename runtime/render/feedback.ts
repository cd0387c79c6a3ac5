/**
 * Messages and dialogs of the engine's screens. The host injects its own (the app's, themed and in
 * zh_CN, loaded on first use); without one, antd's static message and Modal are loaded on the first
 * call. Either way the list's first paint does not download message or modal code.
 */
import type { ModalFuncProps } from 'antd';

export type MessageLevel = 'success' | 'warning' | 'error' | 'info';
export type DialogKind = 'confirm' | 'warning' | 'error' | 'info' | 'success';

export interface FeedbackPort {
  message(level: MessageLevel, text: string): void;
  dialog(kind: DialogKind, props: ModalFuncProps): void;
}

let statics: Promise<typeof import('./feedback-antd')> | null = null;
const load = () => (statics ??= import('./feedback-antd'));

export const antdFeedback: FeedbackPort = {
  message(level, text) {
    void load().then(({ message }) => message[level](text));
  },
  dialog(kind, props) {
    void load().then(({ Modal }) => Modal[kind](props));
  },
};
