/**
 * swr over the adapter: the list keyed by its base path and parameters (so revisiting a page or
 * sorting back is instant), dictionaries keyed by code and shared by every widget on the page.
 */
import useSWR, { type KeyedMutator } from 'swr';
import { useRuntime } from '../context';
import type { DictItem, Result } from '../types';
import type { ListParams, Row } from './adapter';
import type { Page } from './contract';

export interface ListAnswer {
  data: Result<Page<Row>> | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: KeyedMutator<Result<Page<Row>>>;
}

export type PageAction = 'list' | 'rootList';

export function useListData(basePath: string, params: ListParams, action: PageAction = 'list'): ListAnswer {
  const { data: adapter } = useRuntime();
  const { data, error, isLoading, mutate } = useSWR(
    [action, basePath, JSON.stringify(params)],
    () => adapter[action](basePath, params),
    // Shown at once from the cache, then asked again on every mount (a tab opened again): an answer
    // is never reused past its own request (dedupingInterval 0) - lists show what the server holds.
    { revalidateOnFocus: false, keepPreviousData: true, dedupingInterval: 0 },
  );
  return { data, error, isLoading, mutate };
}

/** A dictionary's items: the login's cache when it has the code, else GET getDictItems once. */
export function useDictItems(code: string | undefined): readonly DictItem[] {
  const runtime = useRuntime();
  const cached = code ? runtime.session.cachedDict(code) : undefined;
  const { data } = useSWR(code && !cached ? ['dict', code] : null, () => runtime.data.dictItems(code ?? ''), {
    revalidateOnFocus: false,
  });
  return cached ?? data ?? [];
}
