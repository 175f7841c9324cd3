import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRefusal } from '../refusals';
import { applyPromo, MIN_PAYABLE, PROMO_MESSAGES, promoDiscount, type PromoItem } from './promo-discount';

const promo = (over: Partial<PromoItem> = {}): PromoItem => ({
  type: 'promo',
  code: 'SALE10',
  discount_type: 'percent',
  discount_value: 10,
  min_order: 0,
  scope: { type: 'all' },
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_customer: null,
  is_active: true,
  uses: 0,
  discount_given: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});
const use = {
  variantId: 'v1',
  productId: 'p1',
  list: 10_000,
  now: '2026-06-01T00:00:00.000Z',
  customerUses: 0,
};

const refusedWith = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (isRefusal(error, 'business_rule')) return error.message;
    throw error;
  }
  return 'applied';
};

describe('the promo discount', () => {
  it('percent rounds down to the poisha; fixed is its value', () => {
    expect(promoDiscount(9_999, { discount_type: 'percent', discount_value: 10 })).toBe(999);
    expect(promoDiscount(10_000, { discount_type: 'percent', discount_value: 15 })).toBe(1_500);
    expect(promoDiscount(10_000, { discount_type: 'fixed', discount_value: 2_500 })).toBe(2_500);
  });

  it('never takes the price below ৳1', () => {
    expect(promoDiscount(10_000, { discount_type: 'percent', discount_value: 100 })).toBe(9_900);
    expect(promoDiscount(10_000, { discount_type: 'fixed', discount_value: 50_000 })).toBe(9_900);
    expect(promoDiscount(100, { discount_type: 'fixed', discount_value: 50 })).toBe(0);
    expect(promoDiscount(50, { discount_type: 'percent', discount_value: 50 })).toBe(0);
  });

  it('for any price and discount: whole poisha, 0 <= discount, and the buyer pays at least ৳1 (or the price)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.oneof(
          fc.record({
            discount_type: fc.constant('percent' as const),
            discount_value: fc.integer({ min: 1, max: 100 }),
          }),
          fc.record({
            discount_type: fc.constant('fixed' as const),
            discount_value: fc.integer({ min: 1, max: 1e8 }),
          }),
        ),
        (list, terms) => {
          const d = promoDiscount(list, terms);
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(list - d).toBeGreaterThanOrEqual(Math.min(list, MIN_PAYABLE));
          if (terms.discount_type === 'fixed') expect(d).toBeLessThanOrEqual(terms.discount_value);
          else expect(d).toBeLessThanOrEqual((list * terms.discount_value) / 100);
        },
      ),
    );
  });
});

describe('whether a promo applies', () => {
  it('applies: list, discount and total', () => {
    expect(applyPromo(promo(), use)).toEqual({ code: 'SALE10', list: 10_000, discount: 1_000, total: 9_000 });
  });

  it('refuses with the message the buyer sees', () => {
    expect(refusedWith(() => applyPromo(undefined, use))).toBe(PROMO_MESSAGES.invalid);
    expect(refusedWith(() => applyPromo(promo({ is_active: false }), use))).toBe(PROMO_MESSAGES.invalid);
    expect(refusedWith(() => applyPromo(promo({ ends_at: use.now }), use))).toBe(PROMO_MESSAGES.expired);
    expect(refusedWith(() => applyPromo(promo({ starts_at: '2026-06-02T00:00:00.000Z' }), use))).toBe(
      PROMO_MESSAGES.notYet,
    );
    expect(refusedWith(() => applyPromo(promo({ scope: { type: 'products', ids: ['p2'] } }), use))).toBe(
      PROMO_MESSAGES.notApplicable,
    );
    expect(refusedWith(() => applyPromo(promo({ scope: { type: 'variants', ids: ['p1'] } }), use))).toBe(
      PROMO_MESSAGES.notApplicable,
    );
    expect(refusedWith(() => applyPromo(promo({ min_order: 10_001 }), use))).toBe(
      'Minimum order for this code is ৳100.01',
    );
    expect(refusedWith(() => applyPromo(promo({ max_uses: 3, uses: 3 }), use))).toBe(
      PROMO_MESSAGES.fullyUsed,
    );
    expect(
      refusedWith(() => applyPromo(promo({ max_uses_per_customer: 1 }), { ...use, customerUses: 1 })),
    ).toBe(PROMO_MESSAGES.usedByYou);
  });

  it('scope by product or variant, minimum order met exactly, last use left', () => {
    const ok = (p: PromoItem) => refusedWith(() => applyPromo(p, use));
    expect(ok(promo({ scope: { type: 'products', ids: ['p0', 'p1'] } }))).toBe('applied');
    expect(ok(promo({ scope: { type: 'variants', ids: ['v1'] } }))).toBe('applied');
    expect(ok(promo({ min_order: 10_000 }))).toBe('applied');
    expect(ok(promo({ max_uses: 3, uses: 2, max_uses_per_customer: 2 }))).toBe('applied');
  });
});
