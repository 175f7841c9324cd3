import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { invalidateRoutes, queryKey } from '../../shared/api/query-keys';

/** The buyer's orders and codes: the two lists, the unpaid order's checkout, cancelling it. */

const PAGE = { limit: 20 };

/** GET /api/orders, newest first, a page of 20 at a time. */
export const ordersQuery = infiniteQueryOptions({
  queryKey: queryKey('listOrders', PAGE),
  queryFn: ({ pageParam }) => call('listOrders', { query: { cursor: pageParam, ...PAGE } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.cursor ?? undefined,
});

/** GET /api/codes: the delivered codes, a page of 20 at a time. */
export const codesQuery = infiniteQueryOptions({
  queryKey: queryKey('listCodes', PAGE),
  queryFn: ({ pageParam }) => call('listCodes', { query: { cursor: pageParam, ...PAGE } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.cursor ?? undefined,
});

/** GET /api/orders/{id}: an unpaid order's payment_url (its one invoice). */
export const getOrder = (id: string) => call('getOrder', { params: { id } });

/** POST /api/orders/{id}/cancel. */
export const cancelOrder = (id: string) => call('cancelOrder', { params: { id } });

export const refreshOrders = (client: QueryClient) => invalidateRoutes(client, 'listOrders');
