import { isAxiosError } from 'axios';
import { RELOAD_AFTER_401_MS } from '../config';
import { feedback, openDialog } from '../feedback';
import type { SessionPort } from './types';

/** Messages of the error catalogue (spec section 8). */
export const HttpMessages = {
  systemNotice: '系统提示',
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  unauthorized: '未授权，请重新登录',
  expiredTitle: '登录已过期',
  expiredContent: '很抱歉，登录已过期，请重新登录',
  forcedTitle: '账号已在其他设备登录',
  forcedContent: '很抱歉，您的账号已在其他设备登录或被强制下线，请重新登录',
  relogin: '重新登录',
  network: '网络异常，请检查网络连接',
  unknown: '请求出现错误，请稍后再试',
} as const;

const NOTICE_SECONDS = 4;

function reload(): void {
  window.location.reload();
}

// Several requests can fail with an ended session at once (the workbench loads four): one dialog,
// one 401 notice and one sign-out are enough.
let reloginOpen = false;
let signingOut = false;

function askToSignInAgain(port: SessionPort, title: string, content: string): void {
  if (reloginOpen) return;
  reloginOpen = true;
  void openDialog('error', {
    title,
    content,
    okText: HttpMessages.relogin,
    mask: { closable: false },
    keyboard: false,
    onOk: async () => {
      await port.signOut();
      reload();
    },
  });
}

function bodyMessage(data: unknown): string {
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    return typeof message === 'string' ? message : '';
  }
  return typeof data === 'string' ? data : '';
}

/**
 * The server's message in an error body. A download's body is a Blob even when the server answered
 * JSON, so it is read as text and parsed first: a Token失效 inside a failed export must still end the
 * session the same way.
 */
export async function readBodyMessage(data: unknown): Promise<string> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    const text = await data.text().catch(() => '');
    try {
      return bodyMessage(JSON.parse(text));
    } catch {
      return text;
    }
  }
  return bodyMessage(data);
}

/** Applies the error catalogue to a failed request, then rethrows for the caller. */
export async function handleHttpError(error: unknown, port: SessionPort): Promise<never> {
  if (!isAxiosError(error) || error.config?.silent) throw error;
  const status = error.response?.status;
  const message = await readBodyMessage(error.response?.data);
  const { notification } = feedback();
  const token = port.getToken();
  switch (status) {
    case 401:
      if (signingOut) break;
      notification.error({
        title: HttpMessages.systemNotice,
        description: HttpMessages.unauthorized,
        duration: NOTICE_SECONDS,
      });
      if (token) {
        signingOut = true;
        void port.signOut().then(() => setTimeout(reload, RELOAD_AFTER_401_MS));
      }
      break;
    case 403:
      notification.error({
        title: HttpMessages.systemNotice,
        description: HttpMessages.forbidden,
        duration: NOTICE_SECONDS,
      });
      break;
    case 404:
      notification.error({
        title: HttpMessages.systemNotice,
        description: HttpMessages.notFound,
        duration: NOTICE_SECONDS,
      });
      break;
    case 504:
      notification.error({ title: HttpMessages.systemNotice, description: HttpMessages.timeout });
      break;
    case 500:
      if (message.includes('Token失效') && token) {
        askToSignInAgain(port, HttpMessages.expiredTitle, HttpMessages.expiredContent);
      } else if (message.includes('强制登录') && token) {
        askToSignInAgain(port, HttpMessages.forcedTitle, HttpMessages.forcedContent);
      } else {
        notification.error({
          title: HttpMessages.systemNotice,
          description: message || HttpMessages.unknown,
        });
      }
      break;
    case undefined:
      // No response: timeout (ECONNABORTED) or the network is down.
      notification.error({
        title: HttpMessages.systemNotice,
        description: error.code === 'ECONNABORTED' ? HttpMessages.timeout : HttpMessages.network,
      });
      break;
    default:
      notification.error({
        title: HttpMessages.systemNotice,
        description: message || HttpMessages.unknown,
        duration: NOTICE_SECONDS,
      });
  }
  throw error;
}
