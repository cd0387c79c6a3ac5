/**
 * The grid's columns after permissions: declared fields (minus `exclude`), columns a lacking type-1
 * code removes, and the set a lacking type-2 code disables; plus the dictionaries they need.
 */
import { useMemo } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import { GridAccess, type GridAuthRule } from '../../model/grid/access';
import { gridColumns, readOnlyColumns } from '../../model/grid/columns';
import type { SessionView } from '../types';

export function useGridColumns(
  model: EntityModel,
  exclude: readonly string[],
  auth: { prefix?: string; auth?: readonly string[]; allAuth?: readonly GridAuthRule[] },
  session: SessionView | undefined,
  fixedRows = false,
) {
  const access = useMemo(
    () =>
      new GridAccess(
        auth.prefix,
        auth.auth ?? session?.auth().map((a) => a.action) ?? [],
        auth.allAuth ?? session?.allAuth() ?? [],
      ),
    [auth.prefix, auth.auth, auth.allAuth, session],
  );
  // Keyed by the names, so a caller's fresh array with the same fields does not rebuild the table.
  const excludeKey = exclude.join(',');
  const declared = useMemo(
    () => gridColumns(model, excludeKey ? excludeKey.split(',') : [], fixedRows),
    [model, excludeKey, fixedRows],
  );
  const columns = useMemo(
    () => declared.filter((c) => access.column(c.key) !== 'removed'),
    [declared, access],
  );
  const disabledColumns = useMemo(
    () =>
      new Set([
        ...columns.filter((c) => access.column(c.key) === 'disabled').map((c) => c.key),
        ...readOnlyColumns(columns),
      ]),
    [columns, access],
  );
  const codes = useMemo(() => [...new Set(columns.flatMap((c) => (c.dict ? [c.dict] : [])))], [columns]);
  return { access, columns, disabledColumns, codes };
}
