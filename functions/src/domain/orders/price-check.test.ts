import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRefusal } from '../refusals';
import { priceOrder } from './price-check';

const variant = fc.record({
  id: fc.string({ minLength: 1 }),
  name: fc.string(),
  price: fc.integer({ min: 1, max: 10_000_000 }),
  stock: fc.integer({ min: -2, max: 1000 }),
  is_active: fc.boolean(),
});
const product = fc.record({ id: fc.string({ minLength: 1 }), name: fc.string(), is_active: fc.boolean() });

describe('the price check', () => {
  it('costs exactly the stored price of an active variant in stock, else refuses', () => {
    fc.assert(
      fc.property(fc.option(variant, { nil: undefined }), fc.option(product, { nil: undefined }), (v, p) => {
        const sellable = Boolean(v && p && v.is_active && p.is_active);
        // Only the call is caught: an assertion below that fails must fail the property.
        let outcome: ReturnType<typeof priceOrder> | { refused: unknown };
        try {
          outcome = priceOrder({ variant: v, product: p });
        } catch (error) {
          outcome = { refused: error };
        }
        if (!sellable) expect('refused' in outcome && isRefusal(outcome.refused, 'not_found')).toBe(true);
        else if (v!.stock <= 0)
          expect('refused' in outcome && isRefusal(outcome.refused, 'out_of_stock')).toBe(true);
        else expect(outcome).toMatchObject({ total: v!.price });
      }),
    );
  });

  it('never sells at a price that is not a positive whole number of poisha', () => {
    for (const price of [0, -100, 12.5, Number.NaN]) {
      expect(() =>
        priceOrder({
          variant: { id: 'v', name: 'V', price, stock: 3, is_active: true },
          product: { id: 'p', name: 'P', is_active: true },
        }),
      ).toThrow('Product not found');
    }
  });
});
