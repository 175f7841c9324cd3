import type { RouteDef, RouteTable } from '../route-def';
import {
  ConfirmPaymentBody,
  ConfirmPaymentResponse,
  WebhookBody,
  WebhookResponse,
} from '../schemas/payments';
import { SmsIntakeBody, SmsIntakeResponse } from '../schemas/sms-devices';

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

export const smsIntake = {
  method: 'POST',
  path: '/api/payments/sms',
  handler: 'payments/sms-intake',
  access: 'device',
  summary:
    "A receiving phone's forwarder posts each SMS it gets, signed with its device key (docs/sms-forwarder.md): MFS senders' SMS are kept, parsed or not; others are answered 'ignored'",
  body: SmsIntakeBody,
  response: SmsIntakeResponse,
} satisfies RouteDef;

/** Gateway confirmation (the public webhook and the return pages) and the shop phones' SMS intake. */
export const paymentsRoutes = {
  paymentWebhook,
  confirmPayment,
  smsIntake,
} satisfies RouteTable;
