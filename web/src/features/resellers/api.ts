import { infiniteQueryOptions, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { RouteBodyInput, RouteResponse } from '@khelaghor/contract/route-def';
import type { Routes } from '@khelaghor/contract/routes/index';
import { ApiError, call } from '../../shared/api/client';
import { invalidateRoutes, queryKey } from '../../shared/api/query-keys';
import { useAuth } from '../../shared/auth/auth';

/** The reseller's own account: price list, keys, callback URL and callbacks (docs/reseller-api.md). */

export type ResellerAccount = RouteResponse<Routes['resellerGetAccount']>;
export type ResellerKey = ResellerAccount['keys'][number];
export type ResellerCallback = RouteResponse<Routes['resellerListCallbacks']>['items'][number];
export type CreateKeyBody = RouteBodyInput<Routes['resellerCreateKey']>;

/** GET /api/reseller/account: a 403 means the caller is no reseller (never asked again). */
const accountQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: queryKey('resellerGetAccount', userId),
    queryFn: () => call('resellerGetAccount'),
    retry: false,
  });

/** The signed-in user's reseller account; `notReseller` once the API said 403. */
export function useResellerAccount() {
  const { user } = useAuth();
  const query = useQuery({ ...accountQuery(user?.userId), enabled: Boolean(user) });
  const notReseller = query.error instanceof ApiError && query.error.status === 403;
  return { ...query, notReseller };
}

/** GET /api/reseller/callbacks, newest first. */
export const callbacksQuery = infiniteQueryOptions({
  queryKey: queryKey('resellerListCallbacks'),
  queryFn: ({ pageParam }) => call('resellerListCallbacks', { query: { cursor: pageParam, limit: 20 } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.cursor ?? undefined,
});

/** POST /api/reseller/keys: the answer holds the secret, the only time it is ever sent. */
export const createKey = (body: CreateKeyBody) => call('resellerCreateKey', { body });
export const revokeKey = (keyId: string) => call('resellerRevokeKey', { params: { keyId } });
export const putCallbackUrl = (url: string | null) =>
  call('resellerPutCallbackUrl', { body: { callback_url: url } });
export const resendCallback = (id: string) => call('resellerResendCallback', { params: { id } });

export const refreshAccount = (client: QueryClient) => invalidateRoutes(client, 'resellerGetAccount');
export const refreshCallbacks = (client: QueryClient) => invalidateRoutes(client, 'resellerListCallbacks');
