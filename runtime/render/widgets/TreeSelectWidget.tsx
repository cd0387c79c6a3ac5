/**
 * 分类字典 (categorySelect) and the dictionary tree select (treeSelect): a TreeSelect over a
 * declared tree's select routes (default /sys/category; `widgetOptions.basePath` names another,
 * `pcode` the category whose subtree is offered). The whole subtree loads once (the server caps it),
 * so chosen ids always show their names. `widgetOptions.condition` must be a JSON object string,
 * else the spec's error shows and the control is disabled. '0' or empty means no selection.
 */
import { TreeSelect, Typography } from 'antd';
import { useMemo } from 'react';
import useSWR from 'swr';
import { useRuntime } from '../context';
import type { WidgetProps } from '../types';
import { isMulti, optionString } from './picker-value';
import type { TreeSelectNode } from '../../model/contract/tree-select';
import { filterTree, parseCondition, treeValues } from './tree-condition';

export const CATEGORY_BASE = '/sys/category';

export function TreeSelectWidget(props: WidgetProps): React.JSX.Element {
  const { http } = useRuntime();
  const { field } = props;
  const check = parseCondition(field.widgetOptions?.condition);
  const basePath = optionString(field, 'basePath') ?? CATEGORY_BASE;
  const pcode = optionString(field, 'pcode') ?? '';
  const { data, mutate } = useSWR(
    check.ok ? ['tree-select', basePath, pcode] : null,
    async () => {
      const answer = await http.get<TreeSelectNode[]>(`${basePath}/loadTreeRoot`, { async: 'false', pcode });
      return answer.success && Array.isArray(answer.result) ? answer.result : [];
    },
    { revalidateOnFocus: false },
  );
  const condition = check.ok ? check.condition : null;
  const treeData = useMemo(() => filterTree(data ?? [], condition), [data, condition]);
  const multi = isMulti(field);
  const values = treeValues(props.value);
  return (
    <>
      <TreeSelect<string | string[]>
        id={props.id}
        treeData={treeData}
        fieldNames={{ label: 'title', value: 'value', children: 'children' }}
        value={multi ? values : values[0]}
        multiple={multi}
        treeCheckable={multi}
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        onChange={(v) => props.onChange?.(Array.isArray(v) ? v.join(',') : (v ?? ''))}
        // Read the tree again on each opening: a node added a moment ago (another form's save)
        // must be there, not only after SWR's 2 s de-duplication has passed.
        onOpenChange={(open) => {
          if (open) void mutate();
        }}
        disabled={props.disabled || !check.ok}
        placeholder={props.placeholder ?? field.placeholder ?? `请选择${field.title}`}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        status={check.ok ? undefined : 'error'}
        style={{ width: '100%' }}
      />
      {!check.ok && <Typography.Text type="danger">{check.message}</Typography.Text>}
    </>
  );
}
