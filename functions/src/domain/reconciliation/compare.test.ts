import { describe, expect, it } from 'vitest';
import type { SupplierOrderItem } from '../fulfilment/supplier-order';
import type { PaymentItem } from '../model';
import type { VerifiedAnswer } from '../payments/settlement';
import { breakId } from './breaks';
import { compareInvoice, manualBreak, supplierBreak, supplierOrderEnded } from './compare';

const payment = (over: Partial<PaymentItem> = {}): PaymentItem => ({
  type: 'payment',
  id: 'p1',
  kind: 'order',
  user_id: 'u1',
  amount: 12_000,
  paid_amount: 12_000,
  payment_method: 'bkash',
  payment_provider: 'uddoktapay',
  status: 'completed',
  invoice_hint: 'INV1',
  created_at: '2026-11-26T10:00:00Z',
  updated_at: '2026-11-26T10:00:00Z',
  ...over,
});
const verified = (over: Partial<VerifiedAnswer> = {}): VerifiedAnswer => ({
  invoiceId: 'INV1',
  status: 'COMPLETED',
  amount: 12_000,
  metadata: { payment_id: 'p1' },
  paymentMethod: 'bkash',
  senderNumber: null,
  transactionId: 'TX1',
  ...over,
});
const kinds = (found: Array<{ kind: string }>) => found.map((b) => b.kind);

describe('an invoice against the shop', () => {
  it('agrees when paid on both sides for the same amount, or unpaid on both', () => {
    expect(compareInvoice('INV1', verified(), [payment()])).toEqual([]);
    expect(
      compareInvoice('INV1', verified({ status: 'FAILED', amount: 0 }), [payment({ status: 'failed' })]),
    ).toEqual([]);
    expect(compareInvoice('INV1', verified({ status: 'PENDING' }), [payment({ status: 'pending' })])).toEqual(
      [],
    );
    // Paid short: the shop holds it in review for an operator, at the amount the gateway says.
    expect(
      compareInvoice('INV1', verified({ amount: 9_000 }), [
        payment({ status: 'review', paid_amount: 9_000 }),
      ]),
    ).toEqual([]);
  });

  it('names an amount the gateway changed, and a status either side disagrees on', () => {
    const amount = compareInvoice('INV1', verified({ amount: 11_900 }), [payment()]);
    expect(amount).toEqual([
      expect.objectContaining({ kind: 'amount_mismatch', shop: '120.00', other: '119.00' }),
    ]);
    expect(kinds(compareInvoice('INV1', verified(), [payment({ status: 'pending' })]))).toEqual([
      'status_mismatch',
    ]);
    expect(kinds(compareInvoice('INV1', verified({ status: 'FAILED' }), [payment()]))).toEqual([
      'status_mismatch',
    ]);
  });

  it('counts a late payment recorded as unexpected as the shop holding the money', () => {
    const late = payment({ id: 'u1', kind: 'unexpected', reason: 'late_payment', invoice_id: 'INV1' });
    expect(compareInvoice('INV1', verified(), [payment({ status: 'failed' }), late])).toEqual([]);
    // An unexpected record whose invoice the gateway no longer calls paid is a break of its own.
    expect(kinds(compareInvoice('INV1', verified({ status: 'FAILED' }), [late]))).toEqual([
      'status_mismatch',
    ]);
  });
});

describe('a credited manual payment', () => {
  const manual = (over: Partial<PaymentItem> & { decided_by?: string } = {}) =>
    payment({
      kind: 'manual_topup',
      payment_provider: 'manual',
      amount: 30_000,
      transaction_id: 'T1',
      ...over,
    });
  it("needs its SMS for the same amount, or an admin's decision", () => {
    expect(manualBreak(manual(), 30_000)).toBeUndefined();
    expect(manualBreak(manual({ decided_by: 'admin-1' }), undefined)).toBeUndefined();
    expect(
      manualBreak(manual({ sms_review: 'amount' as PaymentItem['sms_review'] }), undefined),
    ).toBeUndefined();
    expect(manualBreak(manual(), undefined)?.kind).toBe('missing_at_gateway');
    expect(manualBreak(manual(), 3_000)).toMatchObject({
      kind: 'amount_mismatch',
      shop: '300.00',
      other: '30.00',
    });
    expect(manualBreak(manual({ status: 'pending' }), undefined)).toBeUndefined();
  });
});

describe('a supplier order', () => {
  const record = (state: SupplierOrderItem['state']): SupplierOrderItem =>
    ({
      type: 'supplier_order',
      order_id: 'o1',
      user_id: 'u1',
      kind: 'supplier_topup',
      state,
      supplier: 'unipin',
    }) as SupplierOrderItem;
  it('is checked once ended; a refunded order the supplier delivered is a break', () => {
    expect(supplierOrderEnded(record('sent'))).toBe(false);
    expect(supplierOrderEnded(record('completed'))).toBe(true);
    expect(supplierBreak(record('completed'), 'completed')).toBeUndefined();
    expect(supplierBreak(record('refused'), 'not_found')).toBeUndefined();
    expect(supplierBreak(record('refused'), 'completed')).toMatchObject({
      kind: 'status_mismatch',
      other: 'completed',
    });
    expect(supplierBreak(record('completed'), 'failed')?.kind).toBe('status_mismatch');
  });
});

it('gives a break an id that is stable and safe in a URL', () => {
  expect(breakId({ kind: 'ledger_mismatch', source: 'wallet', reference: 'user/7 x' })).toBe(
    'ledger_mismatch.wallet.user_7_x',
  );
});
