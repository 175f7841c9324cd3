import type { QueryClient } from '@tanstack/react-query';
import type { RouteResponse } from '@khelaghor/contract/route-def';
import type { RouteName, Routes } from '@khelaghor/contract/routes/index';
import { call, type CallOptions } from '../../shared/api/client';
import { invalidateRoutes, invalidateRoutesWhere, queryKey } from '../../shared/api/query-keys';

/**
 * The admin dashboard's calls. Every admin route of the contract is named `admin…`, and every
 * query key starts with its route name (shared/api/query-keys.ts), so a change can refresh one
 * list by name or the whole dashboard at once.
 */

export type PageOf<N extends RouteName> = RouteResponse<Routes[N]>;
export type ItemOf<N extends RouteName> = PageOf<N> extends { items: Array<infer T> } ? T : never;

const isAdminRoute = (name: string): boolean => name.startsWith('admin');

/** Refetch these admin routes' queries, or, without names, every admin query. */
export function refreshAdmin(client: QueryClient, names?: readonly RouteName[]): Promise<void> {
  return names?.length ? invalidateRoutes(client, ...names) : invalidateRoutesWhere(client, isAdminRoute);
}

/** A page of a cursor-paginated admin list (100 rows). */
export const pagedListOptions = <N extends RouteName>(name: N, query: CallOptions<N>['query'] = {}) => ({
  queryKey: queryKey(name, query),
  queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
    call(name, { query: { ...query, cursor: pageParam, limit: 100 }, signal }) as Promise<PageOf<N>>,
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: PageOf<N>) => (last as { cursor?: string | null }).cursor ?? undefined,
});

/** One admin GET. */
export const getOptions = <N extends RouteName>(name: N, opts: CallOptions<N> = {}) => ({
  queryKey: queryKey(name, opts.params, opts.query),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(name, { ...opts, signal }),
});
