import { describe, expect, it } from 'vitest';
import { noticesFor, stockMoveOf } from './notices';

const order = (status: string) => ({ type: 'order', id: 'o1', user_id: 'u1', status });
const payment = (fields: Record<string, unknown>) => ({
  type: 'payment',
  id: 'p1',
  user_id: 'u1',
  amount: 500,
  ...fields,
});

describe('noticesFor', () => {
  it('a receipt when an order becomes completed, and only then', () => {
    expect(noticesFor({ before: order('pending'), after: order('completed') })).toEqual([
      { id: 'receipt#o1', audience: 'buyer', userId: 'u1', optional: false, kind: 'receipt', orderId: 'o1' },
    ]);
    expect(noticesFor({ after: order('completed') }).map((n) => n.id)).toEqual(['receipt#o1']);
    expect(
      noticesFor({ before: order('completed'), after: { ...order('completed'), updated_at: 'x' } }),
    ).toEqual([]);
    expect(noticesFor({ before: order('completed'), after: order('refunded') })).toEqual([]);
  });

  it('payments: a TrxID request and an unexpected payment alert the shop; review alerts once', () => {
    expect(
      noticesFor({ after: payment({ kind: 'manual_topup', status: 'pending' }) }).map((n) => n.id),
    ).toEqual(['alert-trxid#p1']);
    expect(
      noticesFor({ after: payment({ kind: 'unexpected', status: 'completed' }) }).map((n) => n.id),
    ).toEqual(['alert-unexpected#p1']);
    const review = payment({ kind: 'order', status: 'review' });
    expect(
      noticesFor({ before: payment({ kind: 'order', status: 'pending' }), after: review }).map((n) => n.id),
    ).toEqual(['alert-review#p1']);
    expect(noticesFor({ before: review, after: review })).toEqual([]);
  });

  it('a TrxID request verified by SMS alerts the shop only when sent to review; the buyer hears of review and expiry', () => {
    const waiting = payment({
      kind: 'manual_topup',
      status: 'pending',
      expires_at: 'x',
      transaction_id: 'T1',
    });
    expect(noticesFor({ after: waiting })).toEqual([]);
    const inReview = { ...waiting, sms_review: 'amount' };
    expect(noticesFor({ before: waiting, after: inReview }).map((n) => n.id)).toEqual([
      'alert-trxid#p1',
      'trxid-review#p1',
    ]);
    expect(noticesFor({ before: waiting, after: inReview })[1]).toMatchObject({
      control: 'amount',
      trxId: 'T1',
    });
    expect(noticesFor({ before: inReview, after: { ...inReview, updated_at: 'later' } })).toEqual([]);
    expect(
      noticesFor({ before: waiting, after: { ...waiting, status: 'expired' } }).map((n) => n.id),
    ).toEqual(['trxid-expired#p1']);
    expect(noticesFor({ before: waiting, after: { ...waiting, status: 'completed' } })).toEqual([]);
  });

  it('a failed payment tells the buyer unless they cancelled it', () => {
    const pending = payment({ kind: 'order', status: 'pending', order_id: 'o1' });
    const [failed] = noticesFor({
      before: pending,
      after: { ...pending, status: 'failed', failure_reason: 'expired' },
    });
    expect(failed).toMatchObject({
      id: 'payment-failed#p1',
      optional: true,
      reason: 'expired',
      orderId: 'o1',
    });
    expect(
      noticesFor({ before: pending, after: { ...pending, status: 'failed', failure_reason: 'cancelled' } }),
    ).toEqual([]);
  });

  it('ledger entries: refunds and credits, never debits or order payments', () => {
    const entry = (reason: string, amount: number) => ({
      after: { type: 'ledger', id: 'l1', user_id: 'u1', reason, amount, balance_after: 900, reference: 'o1' },
    });
    expect(noticesFor(entry('refund', 500))[0]).toMatchObject({
      id: 'refund#l1',
      kind: 'refund',
      balanceAfter: 900,
    });
    expect(noticesFor(entry('manual_topup', 500))[0]).toMatchObject({
      id: 'credit#l1',
      kind: 'wallet_credit',
    });
    expect(noticesFor(entry('adjustment', -500))).toEqual([]);
    expect(noticesFor(entry('order', -500))).toEqual([]);
  });

  it("stock moves from a shard's tickets left", () => {
    expect(
      stockMoveOf({ before: { tickets: 5, taken: 2 }, after: { tickets: 5, taken: 3 } }, 'STOCK#v1#4'),
    ).toEqual({ variantId: 'v1', direction: 'down' });
    // The sweeper's own marks move nothing.
    expect(
      stockMoveOf(
        { before: { tickets: 5, taken: 3 }, after: { tickets: 5, taken: 3, swept_taken: 3 } },
        'STOCK#v1#4',
      ),
    ).toBeUndefined();
    expect(stockMoveOf({ after: { tickets: 10, taken: 0 } }, 'STOCK#v1#0')).toEqual({
      variantId: 'v1',
      direction: 'up',
    });
    expect(stockMoveOf({ after: { tickets: 1 } }, 'ORDER#x')).toBeUndefined();
  });
});
