import type { RouteDef, RouteTable } from '../route-def';
import {
  CodesPage,
  IdParams,
  OrderResponse,
  OrdersPage,
  PageQuery,
  PlaceOrderBody,
  PlaceOrderResponse,
} from '../schemas/orders';

export const placeOrder = {
  method: 'POST',
  path: '/api/orders',
  handler: 'orders/place-order',
  access: 'user',
  summary:
    'Place an order (Idempotency-Key header required). Wallet: paid and delivered at once. bkash/nagad/rocket: a code is held 15 minutes and payment_url returned; at most 2 unpaid gateway orders per customer (429). Same key + same body: the first result; another body: 422; first still in flight: 409',
  body: PlaceOrderBody,
  response: PlaceOrderResponse,
  status: 201,
} satisfies RouteDef;

export const listOrders = {
  method: 'GET',
  path: '/api/orders',
  handler: 'orders/list-orders',
  access: 'user',
  summary: "The caller's orders, newest first (cursor pages)",
  query: PageQuery,
  response: OrdersPage,
} satisfies RouteDef;

export const getOrder = {
  method: 'GET',
  path: '/api/orders/{id}',
  handler: 'orders/get-order',
  access: 'user',
  summary: "One of the caller's orders with its payment status and, once completed, the delivered code",
  params: IdParams,
  response: OrderResponse,
} satisfies RouteDef;

export const cancelOrder = {
  method: 'POST',
  path: '/api/orders/{id}/cancel',
  handler: 'orders/cancel-order',
  access: 'user',
  summary:
    "Cancel one of the caller's unpaid gateway orders: its code goes back on the shelf at once (order failed, reason 'cancelled')",
  params: IdParams,
  response: OrderResponse,
} satisfies RouteDef;

export const listCodes = {
  method: 'GET',
  path: '/api/codes',
  handler: 'orders/list-codes',
  access: 'user',
  summary: "The caller's delivered codes, newest first, with product and variant names",
  query: PageQuery,
  response: CodesPage,
} satisfies RouteDef;

/** Customer routes of orders and their delivered codes. */
export const ordersRoutes = {
  placeOrder,
  listOrders,
  getOrder,
  cancelOrder,
  listCodes,
} satisfies RouteTable;
