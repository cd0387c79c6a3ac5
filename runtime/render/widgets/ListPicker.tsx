/**
 * A modal list with selection, shared by the role and position pickers: keyword search, paging,
 * radio or checkbox rows. The picker names the value column and the text column of a row.
 */
import { Input, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import type { Page } from '../data/contract';
import type { Row } from '../data/adapter';
import type { WidgetProps } from '../types';
import { PickerInput } from './PickerInput';
import { isMulti, optionNumber, splitValues, valueTexts } from './picker-value';
import { pickerPagination } from './picker-paging';

export interface ListQuery {
  keyword: string;
  pageNo: number;
  pageSize: number;
}

export interface ListPickerSpec {
  /** swr key prefix: one cache per picker kind. */
  kind: string;
  title: string;
  placeholder: string;
  searchPlaceholder: string;
  width: number;
  valueKey: string;
  textKey: string;
  columns: TableColumnsType<Row>;
  load(query: ListQuery): Promise<Page<Row>>;
}

export function ListPickerWidget({
  spec,
  ...props
}: WidgetProps & { spec: ListPickerSpec }): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const values = splitValues(props.value);
  return (
    <>
      <PickerInput
        id={props.id}
        texts={valueTexts(values, names, props.options)}
        placeholder={props.placeholder ?? props.field.placeholder ?? spec.placeholder}
        disabled={props.disabled}
        onOpen={() => setOpen(true)}
        onClear={() => props.onChange?.('')}
      />
      {open && (
        <ListModal
          spec={{ ...spec, width: optionNumber(props.field, 'modalWidth') ?? spec.width }}
          multi={isMulti(props.field)}
          initial={values}
          onCancel={() => setOpen(false)}
          onOk={(chosen) => {
            setOpen(false);
            // Only texts actually seen in the list; the others keep the dictionary's text.
            setNames(new Map([...chosen].filter(([value, text]) => text !== value)));
            props.onChange?.([...chosen.keys()].join(','));
          }}
        />
      )}
    </>
  );
}

interface ListModalProps {
  spec: ListPickerSpec;
  multi: boolean;
  initial: string[];
  onOk(chosen: Map<string, string>): void;
  onCancel(): void;
}

function ListModal({ spec, multi, initial, onOk, onCancel }: ListModalProps): React.JSX.Element {
  const [query, setQuery] = useState<ListQuery>({ keyword: '', pageNo: 1, pageSize: 10 });
  const [chosen, setChosen] = useState<Map<string, string>>(() => new Map(initial.map((v) => [v, v])));
  const { data, isLoading } = useSWR([spec.kind, JSON.stringify(query)], () => spec.load(query), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  const valueOf = (row: Row) => String(row[spec.valueKey] ?? '');
  const textOf = (row: Row) => String(row[spec.textKey] ?? valueOf(row));

  const toggle = (row: Row) => {
    const key = valueOf(row);
    const next = new Map(multi ? chosen : []);
    if (chosen.has(key)) next.delete(key);
    else next.set(key, textOf(row));
    setChosen(next);
  };

  return (
    <Modal
      open
      title={spec.title}
      width={spec.width}
      okText="确定"
      cancelText="关闭"
      onOk={() => onOk(chosen)}
      onCancel={onCancel}
      destroyOnHidden
      className={`zj-${spec.kind}-picker`}
    >
      <Input.Search
        placeholder={spec.searchPlaceholder}
        allowClear
        onSearch={(keyword) => setQuery({ ...query, keyword: keyword.trim(), pageNo: 1 })}
        style={{ marginBottom: 12, width: 300 }}
      />
      <Table<Row>
        size="small"
        rowKey={valueOf}
        loading={isLoading}
        dataSource={data?.records ?? []}
        columns={spec.columns}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (row) => toggle(row),
          onSelectAll: (selected, _rows, changed) => {
            const next = new Map(chosen);
            for (const row of changed.filter(Boolean)) {
              if (selected) next.set(valueOf(row), textOf(row));
              else next.delete(valueOf(row));
            }
            setChosen(next);
          },
        }}
        onRow={(row) => ({ onClick: () => toggle(row) })}
        pagination={pickerPagination(query, data?.total ?? 0, (pageNo, pageSize) =>
          setQuery({ ...query, pageNo, pageSize }),
        )}
      />
    </Modal>
  );
}
