/**
 * The one-to-many children of a form, each an editable grid in its own tab below the fields (on a
 * `tab` screen after the fields' tab and before the one-to-one sections' tabs). The
 * grid (runtime/render/grid/EditableGrid.tsx) loads lazily with Tabulator, so forms without tables
 * never fetch it. A pane renders when first opened and then stays mounted: its handle (validate,
 * payload, state) is what the form reads on save; a table never opened has nothing to save.
 */
import { Alert, Spin, Tabs } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import type { LoadedChild } from '../children/useChildModels';
import type { Row } from '../data/adapter';
import type { GridState } from '../../model/grid/rows';
import type { GridHandle } from './child-tables';
import './child-tables.css';

const EditableGrid = lazy(() => import('../grid/EditableGrid'));

const NO_ROWS: readonly Row[] = [];

export interface ChildTablesProps {
  tables: readonly LoadedChild[];
  /** The record being edited (its children under each child entity's name), or null when adding. */
  record: Row | null;
  activeKey: string | undefined;
  onActiveKey(key: string): void;
  /** Called with each grid's handle as it mounts (null as it unmounts). */
  onHandle(paneKey: string, handle: GridHandle | null): void;
  /** Called with a grid's rows on every change (the form's computed fields follow them). */
  onRows?(paneKey: string, state: GridState): void;
  /** A first tab before the tables (a `tab` screen's fields). */
  lead?: Pane;
  /** Tabs after the tables (a `tab` screen's one-to-one sections), rendered at once: the save reads them. */
  trail?: readonly Pane[];
  /** Rows each table starts with as new ones, by child entity (a copied record's children). */
  prefill?: Readonly<Record<string, readonly Row[]>>;
  /** A child's saved rows read again (the parent's queryById): what a `live` table's grid needs. */
  reloadRows?(entity: string): Promise<readonly Row[]>;
}

export interface Pane {
  key: string;
  label: string;
  content: React.ReactNode;
}

/** The key and title of a `tab` screen's first tab, holding the parent's fields. */
export const FORM_PANE = '$form';
export const FORM_PANE_TITLE = '基本信息';

function savedRows(record: Row | null, entity: string): readonly Row[] {
  const rows = record?.[entity];
  return Array.isArray(rows) ? (rows as Row[]) : NO_ROWS;
}

export function ChildTables(props: ChildTablesProps): React.JSX.Element {
  const { tables: children, record, onHandle } = props;
  // One stable array per table: a new array would start the grid over and lose the user's edits.
  const rows = useMemo(
    () => new Map(children.map((c) => [c.decl.entity, savedRows(record, c.decl.entity)])),
    [children, record],
  );
  const { reloadRows } = props;
  // One stable object per live table, as for the rows.
  const live = useMemo(
    () =>
      new Map(
        children
          .filter((c) => c.decl.live === true && reloadRows)
          .map((c) => [c.decl.entity, { reload: () => reloadRows!(c.decl.entity) }]),
      ),
    [children, reloadRows],
  );
  const items = children.map(({ decl, model }) => ({
    key: decl.entity,
    label: decl.title ?? model.title,
    children: (
      <Suspense fallback={<Spin style={{ display: 'block', padding: 24 }} />}>
        <EditableGrid
          model={model}
          rows={rows.get(decl.entity)}
          newRows={props.prefill?.[decl.entity]}
          exclude={[decl.foreignKey]}
          caseId={`${decl.entity}-`}
          fixedRows={decl.fixedRows}
          live={live.get(decl.entity)}
          gridRef={(handle: GridHandle | null) => onHandle(decl.entity, handle)}
          onChange={props.onRows ? (state: GridState) => props.onRows!(decl.entity, state) : undefined}
        />
      </Suspense>
    ),
  }));
  const { lead, trail = [] } = props;
  const all = [
    ...(lead ? [{ key: lead.key, label: lead.label, children: lead.content }] : []),
    ...items,
    ...trail.map((p) => ({ key: p.key, label: p.label, children: p.content, forceRender: true })),
  ];
  return (
    <Tabs
      className="zj-form-tables"
      activeKey={props.activeKey ?? all[0]?.key}
      onChange={props.onActiveKey}
      items={all}
    />
  );
}

/** Shown instead of the tables when a child's declaration cannot be loaded. */
export function ChildTablesProblem({ error }: { error: string }): React.JSX.Element {
  return <Alert type="warning" showIcon title={`页面配置有误：${error}`} />;
}
