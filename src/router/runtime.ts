import { zonedNow } from '../../runtime/model/declaration/defaults';
import type { Runtime } from '../../runtime/render';
import { APP_TIME_ZONE } from '../config';
import { appFeedbackPort } from '../feedback';
import { deleteAction, getAction, postAction, putAction } from '../http/client';
import { StorageKeys } from '../session/keys';
import { localStore } from '../session/storage';
import { session } from '../session/store';
import type { DictCache } from '../session/types';
import { appNavigate } from './navigation';
import { PANEL_TYPES } from './panel-types';

let runtime: Promise<Runtime> | null = null;

/**
 * The app's one engine runtime, made on first use (declared screens, reports): the engine never
 * imports the shell, so it gets the app's HTTP helpers, messages and a view of the session here.
 */
export function appRuntime(): Promise<Runtime> {
  runtime ??= import('../../runtime/render').then((render) =>
    render.createRuntime({
      renderers: render.defaultRenderers,
      widgets: render.defaultWidgets,
      // Names only: the loaders come with the first panel opened.
      panels: PANEL_TYPES.map((type) => ({
        type,
        load: async () => (await import('./panels')).loadPanel(type),
      })),
      http: { get: getAction, post: postAction, put: putAction, delete: deleteAction },
      // The app's messages and dialogs: themed, in zh_CN, loaded on first use.
      feedback: appFeedbackPort,
      navigate: appNavigate,
      session: {
        auth: () => session.auth,
        allAuth: () => session.allAuth,
        cachedDict: (code) => localStore.get<DictCache>(StorageKeys.dictCache)?.[code],
        user: () =>
          session.userInfo
            ? { username: session.userInfo.username, orgCode: session.userInfo.orgCode ?? null }
            : null,
        defaultContext: () =>
          session.userInfo
            ? {
                username: session.userInfo.username,
                realname: session.userInfo.realname,
                orgCode: session.userInfo.orgCode ?? null,
                now: zonedNow(APP_TIME_ZONE),
              }
            : null,
        socket: () =>
          session.token && session.userInfo
            ? {
                userId: String(session.userInfo.id),
                token: session.token,
                tenantId: Number(session.tenantId) || 0,
              }
            : null,
      },
    }),
  );
  return runtime;
}
