import type { ReactNode } from 'react';
import { statusLabel } from '../lib/format';
import { isCancelled, orderBadgeVariant } from '../lib/order-status';
import { Badge } from '../ui/badge';
import { useT } from './messages';

const STATUS_KEYS = {
  pending: 'statusPending',
  processing: 'statusProcessing',
  completed: 'statusCompleted',
  failed: 'statusFailed',
  refunded: 'statusRefunded',
} as const;

/**
 * An order's status as a badge (spec 4 colours); the text is the status in the page's language
 * (English: the capitalised status) unless given. With the order's failure reason, an order the
 * buyer cancelled says 'Cancelled', in neutral colours.
 */
export function OrderStatusBadge({
  status,
  failureReason,
  children,
}: {
  status: string;
  failureReason?: string | null;
  children?: ReactNode;
}) {
  const t = useT();
  const key = isCancelled({ status, failure_reason: failureReason })
    ? 'statusCancelled'
    : (STATUS_KEYS as Record<string, (typeof STATUS_KEYS)[keyof typeof STATUS_KEYS] | undefined>)[status];
  return (
    <Badge variant={orderBadgeVariant(status, failureReason)}>
      {children ?? (key ? t(key) : statusLabel(status))}
    </Badge>
  );
}
