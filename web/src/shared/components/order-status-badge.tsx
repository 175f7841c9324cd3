import type { ReactNode } from 'react';
import { statusLabel } from '../lib/format';
import { orderBadgeVariant } from '../lib/order-status';
import { Badge } from '../ui/badge';

/** An order's status as a badge (spec 4 colours); the text is the capitalised status unless given. */
export function OrderStatusBadge({ status, children }: { status: string; children?: ReactNode }) {
  return <Badge variant={orderBadgeVariant(status)}>{children ?? statusLabel(status)}</Badge>;
}
