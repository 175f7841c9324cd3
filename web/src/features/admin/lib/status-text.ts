import type { CodeStatus, OrderStatus, PaymentStatus } from '@khelaghor/contract/facts';
import type { AdminMessage } from '../messages';

/** How the admin tables name each status (English: the status itself, as the spec shows it). */
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

/** A payment's status (manual top-up requests' badge; the raw status in English). */
export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, AdminMessage> = {
  pending: 'statusPending',
  completed: 'statusCompleted',
  failed: 'statusFailed',
  rejected: 'statusRejected',
  review: 'statusReview',
};
