import { ORDER_STATUSES, PAYMENT_STATUSES } from '@khelaghor/contract/facts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentItem } from '../model';
import { decideSettlement, isChargeInvoice, type VerifiedAnswer } from './settlement';

const payment = (over: Partial<PaymentItem> = {}): PaymentItem => ({
  type: 'payment',
  id: 'p1',
  kind: 'order',
  order_id: 'o1',
  user_id: 'u1',
  amount: 12_000,
  payment_method: 'bkash',
  payment_provider: 'uddoktapay',
  status: 'pending',
  invoice_hint: 'INV-1',
  created_at: '2026-11-23T10:00:00Z',
  updated_at: '2026-11-23T10:00:00Z',
  ...over,
});
const answer = (over: Partial<VerifiedAnswer> = {}): VerifiedAnswer => ({
  invoiceId: 'INV-1',
  status: 'COMPLETED',
  amount: 12_000,
  metadata: { payment_id: 'p1' },
  paymentMethod: 'bkash',
  senderNumber: null,
  transactionId: 'TRX1',
  ...over,
});

const anyAnswer = fc.record({
  invoiceId: fc.constantFrom('INV-1', 'INV-2'),
  status: fc.constantFrom('COMPLETED', 'PENDING', 'FAILED' as const),
  amount: fc.integer({ min: 0, max: 30_000 }),
  metadata: fc.record({ payment_id: fc.constantFrom('p1', 'p2') }),
  paymentMethod: fc.constant(null),
  senderNumber: fc.constant(null),
  transactionId: fc.constant(null),
});
const anyPayment = fc.record({
  status: fc.constantFrom(...PAYMENT_STATUSES),
  kind: fc.constantFrom('order', 'topup' as const),
});
const anyOrder = fc.option(fc.record({ status: fc.constantFrom(...ORDER_STATUSES) }), { nil: undefined });

describe('the webhook settlement decision', () => {
  it('delivers the held code when the charge invoice is paid in full', () => {
    expect(
      decideSettlement({
        payment: payment(),
        verified: answer(),
        order: { status: 'pending' },
        holdsCode: true,
      }),
    ).toEqual({ kind: 'deliver_held', excess: 0 });
  });

  it("a failed invoice with no transaction is the payer's cancel; with one, a failed payment", () => {
    const failed = (transactionId: string | null) =>
      decideSettlement({
        payment: payment(),
        verified: answer({ status: 'FAILED', amount: 0, transactionId }),
      });
    expect(failed(null)).toEqual({ kind: 'fail', reason: 'cancelled' });
    expect(failed('TRX1')).toEqual({ kind: 'fail', reason: 'payment_failed' });
  });

  it('sends underpaid invoices to review, and credits what was paid above the price', () => {
    const order = { status: 'pending' as const };
    expect(
      decideSettlement({ payment: payment(), verified: answer({ amount: 11_999 }), order, holdsCode: true }),
    ).toEqual({
      kind: 'review',
    });
    expect(
      decideSettlement({ payment: payment(), verified: answer({ amount: 12_500 }), order, holdsCode: true }),
    ).toEqual({
      kind: 'deliver_held',
      excess: 500,
    });
  });

  it('a paid invoice that is not the payment’s own never touches the order', () => {
    expect(decideSettlement({ payment: payment(), verified: answer({ invoiceId: 'INV-2' }) })).toEqual({
      kind: 'foreign',
      reason: 'second_invoice',
    });
    expect(
      decideSettlement({ payment: payment(), verified: answer({ invoiceId: 'INV-2', amount: 5 }) }),
    ).toEqual({ kind: 'foreign', reason: 'mismatch' });
  });

  it('for every answer: money is delivered or credited only for a verified paid invoice, and a settled payment never settles twice', () => {
    fc.assert(
      fc.property(anyPayment, anyAnswer, anyOrder, fc.boolean(), (p, v, order, holdsCode) => {
        const pay = payment(p);
        const plan = decideSettlement({ payment: pay, verified: v, order, holdsCode });
        const moves = ['credit_topup', 'deliver_held', 'late', 'foreign'].includes(plan.kind);
        if (moves) expect(v.status).toBe('COMPLETED');
        if (plan.kind === 'foreign') expect(isChargeInvoice(pay, v)).toBe(false);
        if (['credit_topup', 'deliver_held', 'late'].includes(plan.kind)) {
          expect(isChargeInvoice(pay, v)).toBe(true);
          expect(['pending', 'failed']).toContain(pay.status);
          expect(v.amount).toBeGreaterThanOrEqual(pay.amount);
          expect('excess' in plan && plan.excess).toBe(v.amount - pay.amount);
        }
        if (plan.kind === 'deliver_held') expect(holdsCode).toBe(true);
        if (plan.kind === 'fail') expect(pay.status).toBe('pending');
        if (pay.status === 'completed' && isChargeInvoice(pay, v))
          expect(['unchanged', 'pending']).toContain(plan.kind);
      }),
    );
  });
});
