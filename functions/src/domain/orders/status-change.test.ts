import { ORDER_STATUSES } from '@khelaghor/contract/facts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideStatusChange } from './status-change';

const order = fc.record({
  id: fc.constant('o1'),
  paid_at: fc.option(fc.constant('2026-11-23T10:00:00Z'), { nil: undefined }),
  refunded_at: fc.option(fc.constant('2026-11-23T11:00:00Z'), { nil: undefined }),
});
const code = fc.option(
  fc.record({
    status: fc.constantFrom('available', 'reserved', 'delivered', 'used' as const),
    order_id: fc.constantFrom('o1', 'other'),
  }),
  { nil: undefined },
);

describe('an operator status change', () => {
  it('refunds only a paid order not refunded yet, and only when moving to refunded', () => {
    fc.assert(
      fc.property(order, code, fc.constantFrom(...ORDER_STATUSES), (o, c, to) => {
        const change = decideStatusChange(o, c, to);
        expect(change.refund).toBe(to === 'refunded' && Boolean(o.paid_at) && !o.refunded_at);
      }),
    );
  });

  it('moves only a code held for this order: delivers it on completed, puts it back when an unpaid order leaves', () => {
    fc.assert(
      fc.property(order, code, fc.constantFrom(...ORDER_STATUSES), (o, c, to) => {
        const change = decideStatusChange(o, c, to);
        const holds = c?.status === 'reserved' && c.order_id === o.id;
        if (!holds) expect(change.code).toBe('keep');
        else if (to === 'completed') expect(change.code).toBe('deliver');
        else if ((to === 'failed' || to === 'refunded') && !o.paid_at) expect(change.code).toBe('release');
        else expect(change.code).toBe('keep');
        // A delivered code never goes back to stock.
        if (c?.status === 'delivered') expect(change.code).toBe('keep');
      }),
    );
  });
});
