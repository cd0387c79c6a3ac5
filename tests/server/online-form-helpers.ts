/** Shared by the online form tests: a designed declaration and the designer's calls. */
import type { Result } from '../../server/result.js';
import type { EntityTestContext } from './entity-helpers.js';

export interface SaveAnswer {
  id: string;
  version: number;
  issues?: { path: string; message: string }[];
  reasons?: string[];
}

export interface HeadAnswer {
  id: string;
  name: string;
  title: string;
  currentVersion: number;
  rowVersion: number;
  declaration: string;
}

type Field = Record<string, unknown>;

export const VISITOR: Field = {
  name: 'visitor',
  title: '来访人',
  type: 'string',
  length: 20,
  required: true,
};
export const VISITS: Field = { name: 'visits', title: '来访次数', type: 'int' };

/** 来访登记: a designed list under /online/data/. */
export function visitLog(fields: Field[] = [VISITOR, VISITS], extra: Record<string, unknown> = {}) {
  return {
    schemaVersion: 3,
    name: 'visitLog',
    title: '来访登记',
    table: 'onl_visit_log',
    basePath: '/online/data/visitLog',
    kind: 'list',
    permissionPrefix: 'visitLog',
    fields,
    ...extra,
  };
}

export function designer(ctx: EntityTestContext) {
  return {
    add: (declaration: unknown, comment = '首版') =>
      ctx.send<SaveAnswer>('POST', '/online/cgform/head/add', {
        declaration: typeof declaration === 'string' ? declaration : JSON.stringify(declaration),
        comment,
      }),
    head: async (id: string) => (await ctx.get<HeadAnswer>(`/online/cgform/head/queryById?id=${id}`)).result!,
    async edit(id: string, declaration: unknown, comment = '修改'): Promise<Result<SaveAnswer>> {
      const head = await this.head(id);
      return ctx.send<SaveAnswer>('PUT', '/online/cgform/head/edit', {
        id,
        rowVersion: head.rowVersion,
        declaration: JSON.stringify(declaration),
        comment,
      });
    },
  };
}
