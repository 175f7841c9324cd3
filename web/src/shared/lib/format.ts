import type { AdjustmentMethod, ManualTopupMethod, OrderPaymentMethod } from '@khelaghor/contract/facts';
import { t, useT } from './messages';

type Key = Parameters<typeof t>[0];
type Translate = typeof t;

const STATUS_KEYS: Record<string, Key | undefined> = {
  pending: 'statusPending',
  processing: 'statusProcessing',
  completed: 'statusCompleted',
  failed: 'statusFailed',
  refunded: 'statusRefunded',
  rejected: 'statusRejected',
  review: 'statusReview',
  expired: 'statusExpired',
  available: 'statusAvailable',
  reserved: 'statusReserved',
  delivered: 'statusDelivered',
  used: 'statusUsed',
};

// Every method the contract knows (its METHOD_LABELS are the English texts, checked in rules.test).
const METHOD_KEYS: Record<OrderPaymentMethod | ManualTopupMethod | AdjustmentMethod, Key> = {
  wallet: 'methodWallet',
  bkash: 'methodBkash',
  nagad: 'methodNagad',
  rocket: 'methodRocket',
  bank_transfer: 'methodBankTransfer',
  admin_adjustment: 'methodAdminAdjustment',
  uddoktapay: 'methodUddoktapay',
  cash: 'methodCash',
};

/**
 * An order, payment, top-up or code status in the page's language ('Completed', 'সম্পন্ন'); a
 * status the catalogue does not know, capitalised as it is. In components prefer useStatusLabel(),
 * which re-renders on a language switch.
 */
export function statusLabel(status: string, translate: Translate = t): string {
  const key = STATUS_KEYS[status];
  return key ? translate(key) : status.charAt(0).toUpperCase() + status.slice(1);
}

/** What the UI calls a payment method, in the page's language; an unknown value as it is. */
export function methodLabel(value: string, translate: Translate = t): string {
  const key = (METHOD_KEYS as Record<string, Key | undefined>)[value];
  return key ? translate(key) : value;
}

export function useStatusLabel(): (status: string) => string {
  const translate = useT();
  return (status) => statusLabel(status, translate);
}

export function useMethodLabel(): (value: string) => string {
  const translate = useT();
  return (value) => methodLabel(value, translate);
}
