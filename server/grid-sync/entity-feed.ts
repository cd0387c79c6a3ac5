/**
 * Row changes made through the generic entity API, told to every grid showing the entity's table.
 * One hook watches the responses of the entity's write routes (add, edit, delete, deleteBatch and the
 * declared transitions) rather than a call in each write path: it runs after the handler returned,
 * so the transaction has committed, and only a successful answer (success:true) counts. The routes
 * are known by the same model fields the entity routes are built from (server/entity/crud-routes.ts,
 * transition-routes.ts).
 *
 * What is told: the row ids and the names of the changed fields, never values; each receiver reads
 * the row again through queryById, which applies its own data scope and field permissions.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROW_VERSION_FIELD, type EntityModel } from '../../runtime/model/declaration/model.js';
import { ID_PATTERN, type TableAction, type TableUpdate } from '../../runtime/model/grid-sync/protocol.js';
import type { Db } from '../db/database.js';
import { listChangesOf } from '../entity/record-save.js';
import { childChanges } from './child-feed.js';
import type { GridDelivery } from './delivery.js';

type WriteKind = 'add' | 'edit' | 'delete' | 'deleteBatch' | 'transition';

interface WatchedRoute {
  model: EntityModel;
  kind: WriteKind;
  /** The state field a transition changes. */
  field?: string;
}

/** Ids per bus event: a NOTIFY payload must stay under 8000 bytes (ids are up to 64 characters). */
const IDS_PER_EVENT = 50;
/** Changed on every save: a receiver keeps them current so its own next save is not refused. */
const AUDIT_FIELDS = [ROW_VERSION_FIELD, 'updateBy', 'updateTime'];

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {};
const asId = (v: unknown): string | null => (typeof v === 'string' && ID_PATTERN.test(v) ? v : null);

function succeeded(payload: unknown): boolean {
  if (typeof payload !== 'string' || !payload.includes('"success":true')) return false;
  try {
    return asObject(JSON.parse(payload)).success === true;
  } catch {
    return false;
  }
}

export class EntityWriteFeed {
  private readonly routes = new Map<string, WatchedRoute>();
  private readonly models = new Map<string, EntityModel>();

  constructor(
    private readonly db: Db,
    private readonly apiBase: string,
    private readonly publish: (delivery: GridDelivery) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Adds the hook to the API context; call before the entity routes are registered so it covers them. */
  install(app: FastifyInstance): void {
    app.addHook('onSend', async (request, reply, payload) => {
      const route = this.routes.get(`${request.method} ${request.routeOptions.url ?? ''}`);
      if (route && reply.statusCode === 200 && succeeded(payload))
        void this.tell(route, request).catch(this.onError);
      return payload;
    });
  }

  /** The entity write routes to watch, once the declarations are loaded. */
  watch(models: readonly EntityModel[]): void {
    for (const model of models) this.models.set(model.name, model);
    for (const model of models.filter((m) => !m.external)) {
      const base = `${this.apiBase}${model.basePath}`;
      this.routes.set(`POST ${base}/add`, { model, kind: 'add' });
      this.routes.set(`PUT ${base}/edit`, { model, kind: 'edit' });
      this.routes.set(`POST ${base}/edit`, { model, kind: 'edit' });
      this.routes.set(`DELETE ${base}/delete`, { model, kind: 'delete' });
      this.routes.set(`DELETE ${base}/deleteBatch`, { model, kind: 'deleteBatch' });
      for (const t of model.transitions)
        this.routes.set(`${t.method} ${base}/${t.path}`, { model, kind: 'transition', field: t.field });
    }
  }

  private async tell(route: WatchedRoute, request: FastifyRequest): Promise<void> {
    const { model } = route;
    const query = asObject(request.query);
    const body = asObject(request.body);
    // A child sent as a full list is told as the rows it added, edited and deleted (record-save.ts).
    const children = { ...body, ...listChangesOf(request) };
    const auditOf = (m: EntityModel) => AUDIT_FIELDS.filter((name) => m.field(name) !== undefined);
    const audit = auditOf(model);
    if (route.kind === 'add' || route.kind === 'edit')
      for (const change of childChanges(model, this.models, children, auditOf)) {
        const ids = change.action === 'delete' ? await this.gone(change.model, change.ids) : change.ids;
        if (change.action === 'add' || ids.length > 0)
          this.announce(request, change.model, change.action, ids, change.fields);
      }
    let action: TableAction = 'edit';
    let ids: string[] = [];
    let fields: string[] = [];
    if (route.kind === 'add') action = 'add';
    else if (route.kind === 'edit') {
      ids = [asId(body.id)].filter((id): id is string => id !== null);
      const sent = Object.keys(body).filter((name) => name !== 'id' && model.field(name)?.writable);
      fields = [...new Set([...sent, ...audit])];
    } else if (route.kind === 'transition') {
      ids = [asId(query.id) ?? asId(body.id)].filter((id): id is string => id !== null);
      fields = [route.field!, ...audit];
    } else {
      action = 'delete';
      const raw = route.kind === 'delete' ? [query.id] : String(query.ids ?? '').split(',');
      ids = await this.gone(
        model,
        raw.map((v) => asId(typeof v === 'string' ? v.trim() : v)),
      );
    }
    if (action !== 'add' && ids.length === 0) return;
    this.announce(request, model, action, ids, fields);
  }

  /** Publishes a change of `model`'s rows, 50 ids per event. */
  private announce(
    request: FastifyRequest,
    model: EntityModel,
    action: TableAction,
    ids: readonly string[],
    fields: string[],
  ): void {
    const tenantId = model.tenantScoped ? (request.auth?.tenantId ?? 0) : null;
    for (let i = 0; i < Math.max(ids.length, 1); i += IDS_PER_EVENT) {
      const update: TableUpdate = {
        table: model.name,
        action,
        ids: ids.slice(i, i + IDS_PER_EVENT),
        fields,
        origin: null,
      };
      this.publish({ kind: 'table', tenantId, update });
    }
  }

  /** Of the ids a delete named, those really gone: the caller's data scope may have kept some. */
  private async gone(model: EntityModel, named: (string | null)[]): Promise<string[]> {
    const ids = [...new Set(named.filter((id): id is string => id !== null))];
    if (ids.length === 0) return [];
    const live = model.softDelete ? sql` and del_flag = 0` : sql``;
    const found = await sql<{
      id: string;
    }>`select id from ${sql.table(model.table)} where id in (${sql.join(ids)})${live}`.execute(this.db);
    const still = new Set(found.rows.map((row) => row.id));
    return ids.filter((id) => !still.has(id));
  }
}
