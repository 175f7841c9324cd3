import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resellerPrice } from './reseller-price';

const variant = { id: 'v1', price: 10_000 };

describe('resellerPrice', () => {
  it('takes the wholesale price first', () => {
    expect(resellerPrice({ prices: { v1: 8_500 }, product_discounts: { p1: 50 } }, variant, 'p1')).toBe(
      8_500,
    );
  });

  it('else the product discount, rounded down', () => {
    expect(resellerPrice({ prices: {}, product_discounts: { p1: 10 } }, variant, 'p1')).toBe(9_000);
    expect(resellerPrice({ prices: {}, product_discounts: { p1: 7 } }, { id: 'v1', price: 999 }, 'p1')).toBe(
      929,
    );
  });

  it('else the list price; another variant or product is not touched', () => {
    expect(resellerPrice({ prices: { v2: 1 }, product_discounts: { p2: 50 } }, variant, 'p1')).toBe(10_000);
  });

  it('is always a whole number of poisha between 1 and the list price (lists without wholesale rows)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 90 }),
        (price, percent) => {
          const p = resellerPrice({ prices: {}, product_discounts: { p: percent } }, { id: 'v', price }, 'p');
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(1);
          expect(p).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});
