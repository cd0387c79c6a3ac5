/**
 * Demands handed to someone (issue 33): the handler named when a demand is added, the one an edit
 * names instead, and the receiver of a 流转 each get a bell notice in 项目管理 that opens the
 * demand's project on its 需求 tab - written in the change's transaction (server/notice/assigned.ts),
 * pushed once it answered.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { SaveHook } from '../entity/save-hooks.js';
import type { Row } from '../entity/store.js';
import { NoticeCategory, PROJECT_PAGE, queueNoticePushes, storeAssignments } from '../notice/assigned.js';

const text = (row: Readonly<Row>, name: string) =>
  row[name] === null || row[name] === undefined ? '' : String(row[name]).trim();

export interface DemandHandOff {
  demand: { id: string; title: string; demandNo: string | null; projectId: string };
  to: string;
  /** The circulation's note; none when the handler was named in the form. */
  note: string | null;
}

/** Writes the new handler's notice over `trx` and queues its push on the request. */
export async function tellDemandHandler(
  trx: Db,
  request: FastifyRequest,
  tenantId: number,
  { demand, to, note }: DemandHandOff,
): Promise<void> {
  const auth = request.auth;
  const from = auth ? { username: auth.username, realname: auth.realname } : null;
  const name = [demand.demandNo ?? '', demand.title].filter(Boolean).join(' ');
  const who = from?.realname ?? '系统';
  const pushes = await storeAssignments(trx, tenantId, [
    {
      to,
      title: note === null ? `新需求待处理：${demand.title}` : `需求流转：${demand.title}`,
      content:
        note === null ? `${who}将需求「${name}」交给您处理。` : `${who}将需求「${name}」流转给您：${note}`,
      category: NoticeCategory.project,
      busType: 'demand',
      busId: demand.id,
      openPage: `${PROJECT_PAGE}?id=${encodeURIComponent(demand.projectId)}&tab=demands`,
      from,
    },
  ]);
  queueNoticePushes(request, pushes);
}

/** A demand added with a handler, or an edit that names another one. */
export const demandSaved: SaveHook = async (trx, event) => {
  const handler = text(event.values, 'handler');
  if (!handler || (event.before && text(event.before, 'handler') === handler)) return;
  const demand = { ...(event.before ?? {}), ...event.values };
  await tellDemandHandler(trx, event.request, event.caller.tenantId, {
    demand: {
      id: event.id,
      title: text(demand, 'title'),
      demandNo: text(demand, 'demandNo') || null,
      projectId: text(demand, 'projectId'),
    },
    to: handler,
    note: null,
  });
};
