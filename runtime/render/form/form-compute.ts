/**
 * Computed fields (`fields[].compute`, schemas/README.md) shown live while the user types: the same
 * json-logic and the same code the server runs on add and edit (`computedValues`), over the form's
 * values and each one-to-many table's rows - the grid's current rows once it has been opened, the
 * record's saved rows (or a copy's) before. The server recomputes on save and ignores what a body
 * sends for these fields, so the live figure is only ever a preview of the stored one.
 */
import type { FormInstance } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CopiedRecord } from '../../model/declaration/copy';
import type { EntityModel } from '../../model/declaration/model';
import { computedValues, manyChildren } from '../../model/declaration/record-checks';
import type { GridState } from '../../model/grid/rows';
import type { Row } from '../data/adapter';

type Rows = Readonly<Record<string, readonly Row[]>>;

/** The rows each one-to-many child starts with: the saved ones of an edited record, or a copy's. */
export function startRows(
  model: EntityModel,
  record: Row | null,
  copy?: CopiedRecord,
): Record<string, Row[]> {
  const out: Record<string, Row[]> = {};
  for (const child of manyChildren(model)) {
    const saved = record?.[child.entity];
    const copied = copy?.children[child.entity];
    out[child.entity] = Array.isArray(saved) ? (saved as Row[]) : Array.isArray(copied) ? copied : [];
  }
  return out;
}

/**
 * The computed fields' values over the form's values and the tables' rows (live rows win); empty
 * when the declaration computes nothing. A rule that cannot run leaves the fields as they are.
 */
export function liveComputed(model: EntityModel, values: Row, start: Rows, live: Rows): Row {
  if (!model.declared.some((f) => f.compute !== undefined)) return {};
  try {
    return computedValues(model, { ...values, ...start, ...live });
  } catch {
    return {};
  }
}

/**
 * Keeps a form's computed fields current: answers the callback a grid calls with its state on every
 * change. The values are written into the form (read-only fields, so never sent back).
 */
export function useLiveCompute(
  model: EntityModel,
  form: FormInstance<Row>,
  values: Row,
  record: Row | null,
  copy: CopiedRecord | undefined,
): (entity: string, state: GridState) => void {
  const [live, setLive] = useState<Record<string, Row[]>>({});
  const start = useMemo(() => startRows(model, record, copy), [model, record, copy]);
  const computed = useMemo(() => liveComputed(model, values, start, live), [model, values, start, live]);
  useEffect(() => {
    if (Object.keys(computed).length > 0) form.setFieldsValue(computed);
  }, [computed, form]);
  return useCallback((entity: string, state: GridState) => {
    setLive((before) => ({ ...before, [entity]: state.rows.map((r) => ({ ...r.values })) }));
  }, []);
}
