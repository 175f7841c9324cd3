import type { RouteName, Routes } from '@khelaghor/contract/routes/index';
import type { RouteResponse } from '@khelaghor/contract/route-def';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, type CallOptions } from '../../lib/api';
import { notifyError } from './notify';

type PageOf<N extends RouteName> = RouteResponse<Routes[N]>;
type ItemOf<N extends RouteName> = PageOf<N> extends { items: Array<infer T> } ? T : never;

/** Every query of the admin chunk is keyed under 'admin' so a mutation can refresh them. */
export const adminKey = (name: RouteName, ...rest: unknown[]) => ['admin', name, ...rest] as const;

/** A cursor-paginated admin list: pages are appended with "Load more". */
export function usePagedList<N extends RouteName>(
  name: N,
  query: CallOptions<N>['query'] = {},
  opts: { enabled?: boolean; errorPrefix?: string } = {},
) {
  const result = useInfiniteQuery({
    queryKey: adminKey(name, query),
    queryFn: ({ pageParam, signal }) =>
      call(name, { query: { ...query, cursor: pageParam, limit: 100 }, signal }) as Promise<PageOf<N>>,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last as { cursor?: string | null }).cursor ?? undefined,
    enabled: opts.enabled ?? true,
  });
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
  const result = useQuery({
    queryKey: adminKey(name, callOpts.params, callOpts.query),
    queryFn: ({ signal }) => call(name, { ...callOpts, signal }),
    enabled: enabled ?? true,
  });
  useErrorToast(result.error, errorPrefix);
  return result;
}

export function useErrorToast(error: unknown, prefix?: string): void {
  useEffect(() => {
    if (error) notifyError(error, prefix);
  }, [error, prefix]);
}
