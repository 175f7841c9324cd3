import type { OrderStatus } from '@khelaghor/contract/facts';

/** The statuses an order does not leave by itself: the page stops polling. */
export const SETTLED: ReadonlySet<string> = new Set<OrderStatus>(['completed', 'failed', 'refunded']);
