import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FULFILMENT_UNKNOWN_LIMIT_MS } from '@khelaghor/contract/facts';
import {
  afterInquiry,
  afterSend,
  newSupplierOrder,
  type SupplierAnswer,
  type SupplierOrderItem,
} from './supplier-order';

const T0 = new Date('2026-11-27T10:00:00Z');
const order = { id: 'o1', user_id: 'u1', player_uid: '12345678' };
const topup = newSupplierOrder(
  order,
  { kind: 'supplier_topup', supplier: 'unipin', supplier_product_id: 'FF-100', game_code: 'FREEFIRE' },
  T0,
);
const sent = (over: Partial<SupplierOrderItem> = {}): SupplierOrderItem => ({
  ...topup,
  state: 'unknown',
  sent_at: T0.toISOString(),
  send_attempts: 1,
  ...over,
});

const answer: fc.Arbitrary<SupplierAnswer> = fc.oneof(
  fc.record({ kind: fc.constant('unknown' as const), why: fc.string() }),
  fc.record({
    kind: fc.constant('refused' as const),
    reason: fc.string(),
    code: fc.constantFrom('404', '430', 'insufficient_balance', 'x'),
  }),
  fc.constantFrom<SupplierAnswer>(
    { kind: 'done', value: { state: 'not_found' } },
    { kind: 'done', value: { state: 'processing' } },
    { kind: 'done', value: { state: 'failed', reason: 'bad uid' } },
    { kind: 'done', value: { state: 'completed', supplierTransactionId: 'TX1' } },
  ),
);

describe('the supplier-order record', () => {
  it('starts pending_send for a supplier (the job looks 30 s later), queued for an operator', () => {
    expect(topup).toMatchObject({ state: 'pending_send', next_check_at: '2026-11-27T10:00:30.000Z' });
    const manual = newSupplierOrder(
      order,
      { kind: 'operator', supplier: null, supplier_product_id: null, game_code: null },
      T0,
    );
    expect(manual).toMatchObject({ state: 'queued', queue_reason: 'manual' });
    expect(manual.next_check_at).toBeUndefined();
  });

  it('after a send: unknown stays unknown, a balance refusal goes to an operator, other refusals refund', () => {
    const now = new Date(T0.getTime() + 1000);
    expect(afterSend(sent(), { kind: 'unknown', why: 'timeout' }, now).to).toBe('unknown');
    expect(afterSend(sent(), { kind: 'refused', reason: 'no money', code: '430' }, now)).toMatchObject({
      to: 'queued',
      reason: 'supplier_balance',
    });
    expect(afterSend(sent(), { kind: 'refused', reason: 'bad uid', code: '410' }, now).to).toBe('refused');
  });

  it('a voucher "completed" without its code is not completed', () => {
    const voucher = sent({ kind: 'supplier_voucher' });
    const done: SupplierAnswer = { kind: 'done', value: { state: 'completed', supplierTransactionId: 'T' } };
    expect(afterInquiry(voucher, done, T0).to).toBe('unknown');
  });

  it('an inquiry ends only on a definite answer, and queues after 10 minutes without one', () => {
    fc.assert(
      fc.property(answer, fc.integer({ min: 0, max: 3 * FULFILMENT_UNKNOWN_LIMIT_MS }), (a, elapsed) => {
        const now = new Date(T0.getTime() + elapsed);
        const step = afterInquiry(sent(), a, now);
        const definite = a.kind === 'done' && (a.value.state === 'completed' || a.value.state === 'failed');
        if (definite) expect(step.to).toBe(a.value.state === 'completed' ? 'completed' : 'refused');
        else if (elapsed >= FULFILMENT_UNKNOWN_LIMIT_MS)
          expect(step).toMatchObject({ to: 'queued', reason: 'unknown_timeout' });
        else {
          expect(['unknown', 'sent']).toContain(step.to);
          // Asked again later, never at once.
          if (step.to === 'unknown' || step.to === 'sent')
            expect(Date.parse(step.nextCheckAt)).toBeGreaterThan(now.getTime());
        }
      }),
    );
  });
});
