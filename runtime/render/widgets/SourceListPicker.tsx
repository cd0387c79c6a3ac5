/**
 * `"widget": "listPicker"`: rows of a hand-written, paged list call picked in a modal
 * (`widgetOptions.source`, e.g. `/sys/project/selectProject`). The server decides which rows the
 * caller may pick (the project picker answers only projects the caller may see); the field's
 * dictionary names the chosen value in lists and details. Options: `title`, `valueKey` (default
 * `id`), `textKey` (default `name`), `searchParam` (default `keyword`), `searchPlaceholder`,
 * `columns` [{name, title}], `multi`.
 */
import { useMemo } from 'react';
import { useRuntime } from '../context';
import type { Page } from '../data/contract';
import type { Row } from '../data/adapter';
import type { WidgetProps } from '../types';
import { ListPickerWidget, type ListPickerSpec } from './ListPicker';
import { optionString } from './picker-value';

interface Column {
  name: string;
  title: string;
}

function columnsOf(raw: unknown): Column[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (c): c is Column =>
      typeof c === 'object' && c !== null && typeof c.name === 'string' && typeof c.title === 'string',
  );
}

const EMPTY: Page<Row> = { records: [], total: 0, size: 10, current: 1, pages: 0 };

export function SourceListPickerWidget(props: WidgetProps): React.JSX.Element {
  const { http } = useRuntime();
  const { field } = props;
  const spec = useMemo<ListPickerSpec>(() => {
    const source = optionString(field, 'source') ?? '';
    const textKey = optionString(field, 'textKey') ?? 'name';
    const searchParam = optionString(field, 'searchParam') ?? 'keyword';
    const columns = columnsOf(field.widgetOptions?.columns);
    return {
      kind: `source:${source}`,
      title: optionString(field, 'title') ?? `选择${field.title}`,
      placeholder: `请选择${field.title}`,
      searchPlaceholder: optionString(field, 'searchPlaceholder') ?? '请输入关键字',
      width: 800,
      valueKey: optionString(field, 'valueKey') ?? 'id',
      textKey,
      columns: (columns.length > 0 ? columns : [{ name: textKey, title: field.title }]).map((c) => ({
        title: c.title,
        dataIndex: c.name,
      })),
      async load(query) {
        const params: Record<string, string | number> = { pageNo: query.pageNo, pageSize: query.pageSize };
        if (query.keyword) params[searchParam] = query.keyword;
        const answer = await http.get<Page<Row>>(source, params);
        return answer.success && answer.result ? answer.result : { ...EMPTY, size: query.pageSize };
      },
    };
  }, [field, http]);
  return <ListPickerWidget {...props} spec={spec} />;
}
