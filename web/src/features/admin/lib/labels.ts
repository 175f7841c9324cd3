import type {
  CodeStatus,
  ManualTopupStatus,
  OrderStatus,
  PaymentKind,
  PaymentProvider,
  PaymentStatus,
} from '@khelaghor/contract/facts';
import { t, type AdminMessage } from '../messages';

/*
 * One label map per fact of contract/src/facts.ts: every admin screen names a stored value
 * ('manual_topup', 'completed') through these, in the page's language, never raw. Payment methods
 * are the storefront's too: shared/lib/format.ts's methodLabel names them.
 */

export const ORDER_STATUS_TEXT: Record<OrderStatus, AdminMessage> = {
  pending: 'statusPending',
  processing: 'statusProcessing',
  completed: 'statusCompleted',
  failed: 'statusFailed',
  refunded: 'statusRefunded',
};

export const CODE_STATUS_TEXT: Record<CodeStatus, AdminMessage> = {
  available: 'codeAvailable',
  reserved: 'codeReserved',
  delivered: 'codeDelivered',
  used: 'codeUsed',
};

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, AdminMessage> = {
  pending: 'statusPending',
  completed: 'statusCompleted',
  failed: 'statusFailed',
  rejected: 'statusRejected',
  review: 'statusReview',
  expired: 'statusExpired',
};

/** A TrxID request's status as the request list's filter names it. */
export const MANUAL_TOPUP_STATUS_TEXT: Record<ManualTopupStatus, AdminMessage> = {
  pending: 'requestPending',
  completed: 'requestApproved',
  rejected: 'requestRejected',
  expired: 'requestExpired',
};

export const PAYMENT_KIND_TEXT: Record<PaymentKind, AdminMessage> = {
  order: 'kindOrder',
  topup: 'kindTopup',
  manual_topup: 'kindManualTopup',
  adjustment: 'kindAdjustment',
  demo_topup: 'kindDemoTopup',
  refund: 'kindRefund',
  unexpected: 'kindUnexpected',
};

export const PROVIDER_TEXT: Record<PaymentProvider, AdminMessage> = {
  uddoktapay: 'providerUddoktaPay',
  manual: 'providerManual',
  admin: 'providerAdmin',
};

/**
 * The label of a value the API types as a plain string (a payment's method or provider): the
 * map's text, or the value as stored when a record older than the map carries another one.
 */
export function labelOf<K extends string>(
  map: Record<K, AdminMessage>,
  value: string | null | undefined,
): string {
  if (!value) return '';
  return Object.hasOwn(map, value) ? t(map[value as K]) : value;
}
