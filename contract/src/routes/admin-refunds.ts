import type { RouteDef, RouteTable } from '../route-def';
import { IdParams } from '../schemas/ids';
import {
  ConfirmRefundBody,
  CreateRefundBody,
  OrderRefunds,
  RefundParams,
  RefundResponse,
} from '../schemas/refunds';

/** Refunds of a paid order: to the wallet, the original gateway payment, or a recorded Send Money. */
export const adminListRefunds = {
  method: 'GET',
  path: '/api/admin/orders/{id}/refunds',
  handler: 'admin-refunds/list-refunds',
  access: 'admin',
  summary: "An order's refunds, their states and what may still be refunded",
  params: IdParams,
  response: OrderRefunds,
} satisfies RouteDef;

export const adminCreateRefund = {
  method: 'POST',
  path: '/api/admin/orders/{id}/refunds',
  handler: 'admin-refunds/create-refund',
  access: 'admin',
  summary: 'Refund (part of) a paid order; never more than was paid in total',
  params: IdParams,
  body: CreateRefundBody,
  response: RefundResponse,
} satisfies RouteDef;

export const adminConfirmRefund = {
  method: 'POST',
  path: '/api/admin/orders/{id}/refunds/{refundId}/confirm',
  handler: 'admin-refunds/confirm-refund',
  access: 'admin',
  summary: "Confirm an unknown refund from the gateway's panel: sent or refused",
  params: RefundParams,
  body: ConfirmRefundBody,
  response: RefundResponse,
} satisfies RouteDef;

export const adminRefundsRoutes = {
  adminListRefunds,
  adminCreateRefund,
  adminConfirmRefund,
} satisfies RouteTable;
