import type { RouteDef, RouteTable } from '../route-def';
import {
  ConfirmPaymentBody,
  ConfirmPaymentResponse,
  WebhookBody,
  WebhookResponse,
} from '../schemas/payments';

export const paymentWebhook = {
  method: 'POST',
  path: '/api/payments/webhook',
  handler: 'payments/webhook',
  access: 'public',
  summary: 'UddoktaPay webhook (RT-UDDOKTAPAY-API-KEY header); re-verified with the gateway, settles once',
  body: WebhookBody,
  response: WebhookResponse,
} satisfies RouteDef;

export const confirmPayment = {
  method: 'POST',
  path: '/api/payments/confirm',
  handler: 'payments/confirm',
  access: 'user',
  summary: "The return page's confirmation: verifies the invoice with the gateway and settles once",
  body: ConfirmPaymentBody,
  response: ConfirmPaymentResponse,
} satisfies RouteDef;

/** Gateway confirmation: the public webhook and the return pages. */
export const paymentsRoutes = {
  paymentWebhook,
  confirmPayment,
} satisfies RouteTable;
