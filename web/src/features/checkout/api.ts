import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { RouteBodyInput, RouteResponse } from '@khelaghor/contract/route-def';
import type { Routes } from '@khelaghor/contract/routes/index';
import { ApiError, call } from '../../shared/api/client';
import { invalidateRoutes, queryKey } from '../../shared/api/query-keys';

/** Checkout's routes: place an order, confirm a gateway payment, follow the order until it settles. */

/** An order as GET /api/orders/{id} answers it. */
export type Order = RouteResponse<Routes['getOrder']>['order'];

export type PlaceOrderBody = RouteBodyInput<Routes['placeOrder']>;

/**
 * POST /api/orders with the attempt's Idempotency-Key. While the first request of the attempt is
 * still creating the checkout (idempotency_in_progress), ask again after Retry-After, up to 5 times.
 */
export async function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call('placeOrder', { headers: { 'Idempotency-Key': idempotencyKey }, body });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'idempotency_in_progress' && attempt < 5))
        throw error;
      await new Promise((r) => setTimeout(r, (error.retryAfter ?? 2) * 1000));
    }
  }
}

/** POST /api/payments/confirm: the gateway sent the browser back (verified and settled server-side). */
export const confirmPayment = (invoiceId: string) =>
  call('confirmPayment', { body: { invoice_id: invoiceId } });

/** GET /api/orders/{id}. */
export const orderQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: queryKey('getOrder', id),
    queryFn: () => call('getOrder', { params: { id: id! } }),
  });

/** After money moved: the balance, the order lists, the codes and the wallet history. */
export const refreshAfterPayment = (client: QueryClient) =>
  invalidateRoutes(client, 'getMe', 'listCodes', 'listOrders', 'walletLedger');

/** The server's price of a package with a promo code (POST /api/promos/quote). */
export type PromoQuote = RouteResponse<Routes['quotePromo']>;

export const quotePromo = (body: RouteBodyInput<Routes['quotePromo']>) => call('quotePromo', { body });
