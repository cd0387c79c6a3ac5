/**
 * The system endpoints behind the pickers, typed, and swr hooks that share one answer per page
 * (two department fields on one form load the tree once).
 */
import useSWR from 'swr';
import { useRuntime } from '../context';
import type { Page } from '../data/contract';
import type { DepartNode, Pcaa, PickerRole, PickerUser } from '../../model/contract/pickers';
import type { HttpClient, Result } from '../types';

export type { DepartNode, Pcaa, PickerRole, PickerUser };

export const PickerUrls = {
  departTree: '/sys/sysDepart/queryTreeList',
  users: '/sys/user/queryUserComponentData',
  roles: '/sys/role/queryall',
  regions: '/sys/area/pcaa',
  upload: '/sys/common/upload',
  /** Big files (`widgetOptions.large`): streamed by the server, up to 200 MB. */
  uploadLarge: '/sys/common/uploadFile',
} as const;

function resultOr<T>(answer: Result<T>, fallback: T): T {
  return answer.success && answer.result !== null && answer.result !== undefined ? answer.result : fallback;
}

async function fetchList<T>(http: HttpClient, url: string): Promise<T[]> {
  const answer = await http.get<T[]>(url);
  const list = resultOr(answer, []);
  return Array.isArray(list) ? list : [];
}

export interface UserQuery {
  departId?: string;
  username?: string;
  pageNo: number;
  pageSize: number;
}

export async function fetchUsers(http: HttpClient, query: UserQuery): Promise<Page<PickerUser>> {
  const params: Record<string, string | number> = { pageNo: query.pageNo, pageSize: query.pageSize };
  if (query.departId) params.departId = query.departId;
  if (query.username) params.username = query.username;
  const answer = await http.get<Page<PickerUser>>(PickerUrls.users, params);
  return resultOr(answer, { records: [], total: 0, size: query.pageSize, current: 1, pages: 0 });
}

const once = { revalidateOnFocus: false, revalidateIfStale: false } as const;

export function useDepartTree(enabled = true): DepartNode[] | undefined {
  const { http } = useRuntime();
  return useSWR(
    enabled ? ['picker', PickerUrls.departTree] : null,
    () => fetchList<DepartNode>(http, PickerUrls.departTree),
    once,
  ).data;
}

export function useRoles(enabled = true): PickerRole[] | undefined {
  const { http } = useRuntime();
  return useSWR(
    enabled ? ['picker', PickerUrls.roles] : null,
    () => fetchList<PickerRole>(http, PickerUrls.roles),
    once,
  ).data;
}

export function usePcaa(): Pcaa | undefined {
  const { http } = useRuntime();
  return useSWR(
    ['picker', PickerUrls.regions],
    async () => resultOr<Pcaa>(await http.get<Pcaa>(PickerUrls.regions), {}),
    once,
  ).data;
}
