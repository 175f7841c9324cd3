import type { BadgeVariant } from '../ui/badge';

/** Spec 4: completed default, failed destructive, every other status secondary. */
export function orderBadgeVariant(status: string): BadgeVariant {
  if (status === 'completed') return 'default';
  if (status === 'failed') return 'destructive';
  return 'secondary';
}
