import type { BadgeVariant } from '../ui/badge';

/** An order the buyer cancelled themselves (unpaid, nothing taken): not a failure to show in red. */
export const isCancelled = (order: { status: string; failure_reason?: string | null }): boolean =>
  order.status === 'failed' && order.failure_reason === 'cancelled';

/** Spec 4: completed default, failed destructive, every other status secondary; cancelled neutral. */
export function orderBadgeVariant(status: string, failureReason?: string | null): BadgeVariant {
  if (status === 'completed') return 'default';
  if (isCancelled({ status, failure_reason: failureReason })) return 'outline';
  if (status === 'failed') return 'destructive';
  return 'secondary';
}
