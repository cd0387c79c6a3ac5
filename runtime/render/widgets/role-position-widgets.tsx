/**
 * 选择角色 and 选择职务: modal lists with selection. Roles are few and come whole (queryall), so
 * they are searched and paged here; positions are a declared entity, paged by its list route.
 * The value is the role codes / position codes joined by commas.
 */
import { useMemo } from 'react';
import { useRuntime } from '../context';
import type { Page } from '../data/contract';
import type { Row } from '../data/adapter';
import type { HttpClient, WidgetProps } from '../types';
import { ListPickerWidget, type ListPickerSpec, type ListQuery } from './ListPicker';
import { PickerUrls, type PickerRole } from './picker-api';

/** A page of rows held in memory, filtered by a keyword on some columns. */
export function pageOf(rows: readonly Row[], query: ListQuery, keys: readonly string[]): Page<Row> {
  const word = query.keyword.toLowerCase();
  const hits = word
    ? rows.filter((r) =>
        keys.some((k) =>
          String(r[k] ?? '')
            .toLowerCase()
            .includes(word),
        ),
      )
    : rows;
  const start = (query.pageNo - 1) * query.pageSize;
  return {
    records: hits.slice(start, start + query.pageSize),
    total: hits.length,
    size: query.pageSize,
    current: query.pageNo,
    pages: Math.ceil(hits.length / query.pageSize),
  };
}

function roleSpec(http: HttpClient): ListPickerSpec {
  return {
    kind: 'role',
    title: '选择角色',
    placeholder: '请选择角色',
    searchPlaceholder: '请输入角色名称',
    width: 800,
    valueKey: 'roleCode',
    textKey: 'roleName',
    columns: [
      { title: '角色名称', dataIndex: 'roleName' },
      { title: '角色编码', dataIndex: 'roleCode' },
      { title: '描述', dataIndex: 'description' },
    ],
    async load(query) {
      const answer = await http.get<PickerRole[]>(PickerUrls.roles);
      const roles = answer.success && Array.isArray(answer.result) ? answer.result : [];
      return pageOf(roles as unknown as Row[], query, ['roleName', 'roleCode']);
    },
  };
}

export function RolePickerWidget(props: WidgetProps): React.JSX.Element {
  const { http } = useRuntime();
  const spec = useMemo(() => roleSpec(http), [http]);
  return <ListPickerWidget {...props} spec={spec} />;
}

export const POSITION_BASE = '/sys/position';

export function PositionPickerWidget(props: WidgetProps): React.JSX.Element {
  const { data } = useRuntime();
  const spec = useMemo<ListPickerSpec>(
    () => ({
      kind: 'position',
      title: '选择职务',
      placeholder: '请选择职务',
      searchPlaceholder: '请输入职务名称',
      width: 800,
      valueKey: 'code',
      textKey: 'name',
      columns: [
        { title: '职务名称', dataIndex: 'name' },
        { title: '职务编码', dataIndex: 'code' },
        { title: '职级', dataIndex: 'postRank_dictText' },
      ],
      async load(query) {
        const params: Record<string, string | number> = { pageNo: query.pageNo, pageSize: query.pageSize };
        // The position list's name is queried `like`: the micro-syntax wants *word*.
        if (query.keyword) params.name = `*${query.keyword}*`;
        const answer = await data.list(POSITION_BASE, params);
        return answer.success
          ? answer.result
          : { records: [], total: 0, size: query.pageSize, current: 1, pages: 0 };
      },
    }),
    [data],
  );
  return <ListPickerWidget {...props} spec={spec} />;
}
