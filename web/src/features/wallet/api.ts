import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { GatewayMethod } from '@khelaghor/contract/facts';
import type { RouteBodyInput } from '@khelaghor/contract/route-def';
import type { Routes } from '@khelaghor/contract/routes/index';
import { call } from '../../shared/api/client';
import { invalidateRoutes, queryKey } from '../../shared/api/query-keys';

/** The wallet's routes: add money (gateway or TrxID), the TrxID requests, the ledger. */

const REQUESTS = { limit: 10 };

/** GET /api/wallet/manual-topups: the latest TrxID requests. */
export const manualTopupsQuery = queryOptions({
  queryKey: queryKey('listManualTopups', REQUESTS),
  queryFn: () => call('listManualTopups', { query: REQUESTS }),
});

const LEDGER = { limit: 20 };

/** GET /api/wallet/ledger: the wallet history (with the balance), a page of 20 at a time. */
export const ledgerQuery = infiniteQueryOptions({
  queryKey: queryKey('walletLedger', LEDGER),
  queryFn: ({ pageParam }) => call('walletLedger', { query: { cursor: pageParam, ...LEDGER } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.cursor ?? undefined,
});

/** POST /api/wallet/topups: an invoice at the gateway; the answer's payment_url is its checkout. */
export const createTopup = (amount: number, method: GatewayMethod) =>
  call('createTopup', { body: { amount, payment_method: method } });

export type ManualTopupBody = RouteBodyInput<Routes['createManualTopup']>;

/** POST /api/wallet/manual-topups: money sent by hand, with its TrxID, for an admin to check. */
export const createManualTopup = (body: ManualTopupBody) => call('createManualTopup', { body });

export const refreshManualTopups = (client: QueryClient) => invalidateRoutes(client, 'listManualTopups');
