import type { FeedbackPort } from '../runtime/render/feedback';
import type { ModalFuncProps } from 'antd';
import type { ArgsProps as NoticeArgs } from 'antd/es/notification/interface';

/**
 * message / notification for any code, React or not (the HTTP error catalogue, screens, the shell).
 * antd's message and notification code is a chunk of its own, loaded by the first call (calls made
 * meanwhile are queued by the import): the sign-in page does not download it until it has something
 * to say. Dialogs load on demand the same way (openDialog).
 */
type Level = 'success' | 'error' | 'warning' | 'info';

export type { NoticeArgs };

export interface Feedback {
  message: Record<Level, (content: string, durationSeconds?: number) => void>;
  notification: Record<Level, (args: NoticeArgs) => void>;
}

let antdFeedback: Promise<typeof import('./feedback-antd')> | null = null;

function load(): Promise<typeof import('./feedback-antd')> {
  antdFeedback ??= import('./feedback-antd');
  return antdFeedback;
}

const LEVELS: readonly Level[] = ['success', 'error', 'warning', 'info'];

function byLevel<A extends unknown[]>(
  call: (api: typeof import('./feedback-antd'), level: Level, ...args: A) => void,
): Record<Level, (...args: A) => void> {
  const methods = {} as Record<Level, (...args: A) => void>;
  for (const level of LEVELS) {
    methods[level] = (...args: A) => {
      void load().then((api) => call(api, level, ...args));
    };
  }
  return methods;
}

const lazyFeedback: Feedback = {
  message: byLevel((api, level, content: string, duration?: number) => {
    void api.message[level](content, duration);
  }),
  notification: byLevel((api, level, args: NoticeArgs) => api.notification[level](args)),
};

export function feedback(): Feedback {
  return lazyFeedback;
}

export type DialogKind = 'confirm' | 'error' | 'warning' | 'info' | 'success';

/** Opens an antd Modal.confirm/error/... dialog, loading the modal code the first time. */
export async function openDialog(kind: DialogKind, props: ModalFuncProps): Promise<void> {
  const { showDialog } = await import('./dialog');
  showDialog(kind, props);
}

/** The same messages and dialogs as the engine's port, for shell dialogs that share its rules. */
export const appFeedbackPort: FeedbackPort = {
  message: (level, text) => feedback().message[level](text),
  dialog: (kind, props) => void openDialog(kind, props),
};
