import type { RouteName } from '@khelaghor/contract/routes/index';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CallOptions } from '../../../shared/api/client';
import { getOptions, pagedListOptions, type ItemOf } from '../api';
import { notifyError } from '../lib/notify';

/** A cursor-paginated admin list: pages are appended with "Load more". */
export function usePagedList<N extends RouteName>(
  name: N,
  query: CallOptions<N>['query'] = {},
  opts: { enabled?: boolean; errorPrefix?: string } = {},
) {
  const result = useInfiniteQuery({ ...pagedListOptions(name, query), enabled: opts.enabled ?? true });
  useErrorToast(result.error, opts.errorPrefix);
  const items = (result.data?.pages ?? []).flatMap((p) => (p as { items: ItemOf<N>[] }).items);
  return { ...result, items };
}

/** One admin GET. */
export function useAdminGet<N extends RouteName>(
  name: N,
  opts: CallOptions<N> & { enabled?: boolean; errorPrefix?: string } = {},
) {
  const { enabled, errorPrefix, ...callOpts } = opts;
  const result = useQuery({ ...getOptions(name, callOpts), enabled: enabled ?? true });
  useErrorToast(result.error, errorPrefix);
  return result;
}

export function useErrorToast(error: unknown, prefix?: string): void {
  useEffect(() => {
    if (error) notifyError(error, prefix);
  }, [error, prefix]);
}
