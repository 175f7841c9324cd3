import { describe, expect, it } from 'vitest';
import type { PaymentItem } from '../model';
import { checkRefund, effectiveTally, refundableRest, tallyAfter } from './refunds';

const order = { paid_at: '2026-01-01', total_amount: 10_000, payment_method: 'bkash' as const };
const paid: PaymentItem = {
  type: 'payment',
  id: 'p',
  kind: 'order',
  user_id: 'u',
  amount: 10_000,
  payment_method: 'bkash',
  payment_provider: 'uddoktapay',
  status: 'completed',
  transaction_id: 'TRX1',
  created_at: '',
  updated_at: '',
};

describe('refund rules', () => {
  it('counts sending, unknown and sent against what was paid, only sent as returned', () => {
    const t0 = effectiveTally(order, undefined);
    const sending = tallyAfter(t0, 3000, undefined, 'sending');
    expect(sending).toEqual({ held: 3000, returned: 0 });
    const unknown = tallyAfter({ ...sending, stored: true }, 3000, 'sending', 'unknown');
    expect(unknown).toEqual({ held: 3000, returned: 0 });
    expect(tallyAfter({ ...unknown, stored: true }, 3000, 'unknown', 'sent')).toEqual({
      held: 3000,
      returned: 3000,
    });
    expect(tallyAfter({ ...unknown, stored: true }, 3000, 'unknown', 'refused')).toEqual({
      held: 0,
      returned: 0,
    });
    expect(refundableRest(order, { ...unknown, stored: true })).toBe(7000);
  });

  it('never more than was paid, and original only for a gateway payment with a transaction id', () => {
    const t = { held: 7000, returned: 7000, stored: true };
    expect(() => checkRefund(order, t, paid, { amount: 3001, destination: 'wallet' })).toThrow(/30\.00/);
    expect(() => checkRefund(order, t, paid, { amount: 3000, destination: 'original' })).not.toThrow();
    const noTrx = { ...paid, transaction_id: undefined };
    expect(() => checkRefund(order, t, noTrx, { amount: 1, destination: 'original' })).toThrow(/gateway/);
    expect(() =>
      checkRefund({ ...order, paid_at: undefined }, t, paid, { amount: 1, destination: 'wallet' }),
    ).toThrow(/not paid/);
  });

  it('an order refunded whole before refund records existed has nothing left', () => {
    expect(refundableRest(order, effectiveTally({ ...order, refunded_at: 'x' }, undefined))).toBe(0);
  });
});
