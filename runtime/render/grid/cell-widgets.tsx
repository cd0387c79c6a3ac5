/**
 * The grid's React cell editors, mounted into the editing cell through a portal (so they share the
 * page's runtime, locale and theme): multiple and searchable selects, the product's department and
 * user pickers, file / image uploads in the 520 x 200 file popup, and the report popup picker. Each
 * registers an `end` that keeps its draft, which the grid calls on a mouse-up outside the table and
 * its pickers (edit-outside.ts).
 */
import { Modal, Select, type RefSelectProps } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { GridColumn, GridOption } from '../../model/grid/columns';
import { splitList } from '../../model/grid/cell-text';
import { GRID_FILE_POP_SIZE, GRID_SEARCH_PAGE_SIZE, GridTexts } from '../../model/grid/constants';
import { debouncedSearch, filterOptions } from '../../model/grid/search';
import type { Widget } from '../../model/declaration/types';
import type { Row } from '../data/adapter';
import type { Runtime } from '../registry';
import type { DictItem } from '../types';
import { popupConfig, popupValues, selectionProblem } from '../widgets/popup-config';
import type { PortalEdit } from './cell-editors';

const ReportPopupList = lazy(() =>
  import('../widgets/ReportPopupList').then((m) => ({ default: m.ReportPopupList })),
);

/** Spec section 9: the report popup is 1200 wide. */
const REPORT_POPUP_WIDTH = 1200;

export interface CellWidgetProps {
  edit: PortalEdit;
  options: readonly GridOption[];
  runtime: Runtime;
  /** Writes other columns of the edited row (a popup's destination fields). */
  setRow(values: Record<string, unknown>): void;
  /** The function that ends this edit keeping its draft, or null when it closed. */
  onEnd(end: (() => void) | null): void;
}

interface EditorProps extends CellWidgetProps {
  commit(value: unknown): void;
}

const asItems = (options: readonly GridOption[]): DictItem[] =>
  options.map((o) => ({ value: o.value, text: o.text }));
const labels = (options: readonly GridOption[]) => options.map((o) => ({ value: o.value, label: o.text }));
const PICKER_WIDGETS: Partial<Record<GridColumn['type'], Widget>> = {
  departSelect: 'departPicker',
  userSelect: 'userPicker',
  file: 'file',
  upload: 'file',
  image: 'image',
  popup: 'popup',
};

function MultiEditor({ edit, options, commit, onEnd }: EditorProps) {
  const [draft, setDraft] = useState(() => splitList(edit.cell.getValue()));
  const latest = useRef(draft);
  latest.current = draft;
  useEffect(() => onEnd(() => commit(latest.current.join(','))), [onEnd, commit]);
  return (
    <Select
      mode="multiple"
      className="zj-grid-select"
      autoFocus
      defaultOpen
      value={draft}
      options={labels(options)}
      maxTagCount="responsive"
      onChange={(v: string[]) => setDraft(v)}
      onBlur={() => commit(latest.current.join(','))}
      onKeyDown={(e) => e.key === 'Escape' && edit.cancel()}
    />
  );
}

function SearchEditor({ edit, options, runtime, commit, onEnd }: EditorProps) {
  const { column } = edit;
  const remote = column.field.widgetOptions?.async === true && column.dict !== undefined;
  const [found, setFound] = useState<GridOption[]>(remote ? [] : [...options]);
  const [word, setWord] = useState('');
  const search = useMemo(
    () =>
      debouncedSearch(async (keyword) => {
        const answer = await runtime.http.get<DictItem[]>(
          `/sys/dict/loadDict/${encodeURIComponent(column.dict ?? '')}`,
          { keyword, pageSize: GRID_SEARCH_PAGE_SIZE },
        );
        const items = answer.success && Array.isArray(answer.result) ? answer.result : [];
        return items.map((i) => ({ value: String(i.value), text: String(i.text ?? i.title ?? i.value) }));
      }),
    [runtime, column.dict],
  );
  useEffect(() => () => search.cancel(), [search]);
  useEffect(() => onEnd(() => edit.cancel()), [onEnd, edit]);
  const value = String(edit.cell.getValue() ?? '');
  const focus = useRef<RefSelectProps>(null);
  // Focused after mount (autoFocus on an empty select made the first typed character's caret jump),
  // unless typing already started there: focusing again would put the caret before that text.
  useEffect(() => {
    const t = setTimeout(() => {
      const typing = edit.host.contains(document.activeElement);
      if (!typing) focus.current?.focus();
    }, 0);
    return () => clearTimeout(t);
  }, [edit.host]);
  // The current value keeps its text while the found options do not hold it.
  const shown = found.some((o) => o.value === value)
    ? found
    : [...options.filter((o) => o.value === value), ...found];
  return (
    <Select
      showSearch={{
        filterOption: false,
        searchValue: word,
        onSearch: (keyword) => {
          setWord(keyword);
          if (remote) void search.search(keyword).then((list) => list && setFound(list));
          else setFound(filterOptions(options, keyword));
        },
      }}
      className="zj-grid-select"
      ref={focus}
      open
      allowClear
      value={value || undefined}
      options={labels(shown)}
      onChange={(v: string | undefined) => commit(v ?? '')}
      onKeyDown={(e) => e.key === 'Escape' && edit.cancel()}
    />
  );
}

/** A product widget from the runtime's registry (pickers open their own modal from the cell). */
function RegistryEditor({
  edit,
  options,
  runtime,
  commit,
  onEnd,
  inModal,
}: EditorProps & { inModal: boolean }) {
  const { column } = edit;
  const Widget = runtime.widgets.get(PICKER_WIDGETS[column.type] ?? 'input');
  const [draft, setDraft] = useState<unknown>(() => edit.cell.getValue());
  useEffect(() => onEnd(inModal ? null : () => edit.cancel()), [onEnd, edit, inModal]);
  if (!Widget) return null;
  const widget = (
    <Suspense fallback={null}>
      <Widget
        field={column.field}
        value={inModal ? draft : edit.cell.getValue()}
        onChange={inModal ? setDraft : commit}
        options={asItems(options)}
      />
    </Suspense>
  );
  if (!inModal) return widget;
  return (
    <Modal
      open
      title={column.title}
      width={GRID_FILE_POP_SIZE.width}
      okText={GridTexts.ok}
      cancelText={GridTexts.cancel}
      onOk={() => commit(draft)}
      onCancel={edit.cancel}
      styles={{ body: { minHeight: GRID_FILE_POP_SIZE.height } }}
      className="zj-grid-file-pop"
    >
      {widget}
    </Modal>
  );
}

function PopupEditor(props: EditorProps) {
  const { edit, runtime, commit, setRow, onEnd } = props;
  const check = popupConfig(edit.column.field.widgetOptions);
  const [chosen, setChosen] = useState<Row[]>([]);
  useEffect(() => onEnd(null), [onEnd]);
  if (!check.ok || !check.config.report) {
    if (!check.ok) runtime.feedback.message('warning', check.message);
    return <RegistryEditor {...props} inModal={false} />;
  }
  const { config } = check;
  const submit = () => {
    const problem = selectionProblem(chosen.length, config.multi);
    if (problem) return runtime.feedback.message('warning', problem);
    const { [edit.column.key]: own, ...others } = popupValues(config, chosen);
    setRow(others);
    commit(own ?? '');
  };
  return (
    <Modal open title={edit.column.title} width={REPORT_POPUP_WIDTH} onOk={submit} onCancel={edit.cancel}>
      <Suspense fallback={null}>
        <ReportPopupList
          report={config.report ?? ''}
          multi={config.multi}
          chosen={chosen}
          onChoose={setChosen}
        />
      </Suspense>
    </Modal>
  );
}

function Editor(props: EditorProps) {
  switch (props.edit.column.type) {
    case 'selectMultiple':
      return <MultiEditor {...props} />;
    case 'selectSearch':
      return <SearchEditor {...props} />;
    case 'popup':
      return <PopupEditor {...props} />;
    case 'file':
    case 'image':
    case 'upload':
      return <RegistryEditor {...props} inModal />;
    default:
      return <RegistryEditor {...props} inModal={false} />;
  }
}

export function CellWidget(props: CellWidgetProps) {
  const { edit, onEnd } = props;
  const done = useRef(false);
  const commit = useMemo(
    () => (value: unknown) => {
      if (done.current) return;
      done.current = true;
      onEnd(null);
      edit.success(value);
    },
    [edit, onEnd],
  );
  return createPortal(<Editor {...props} commit={commit} />, edit.host);
}
