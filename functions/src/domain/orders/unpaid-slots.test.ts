import { ERROR_STATUS } from '@khelaghor/contract';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusals';
import { freeSlot, UNPAID_ORDERS_MESSAGE } from './unpaid-slots';

describe('unpaid-order slots', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');
  const held = (order_id: string, minutes: number) => ({
    order_id,
    hold_until: new Date(now.getTime() + minutes * 60_000).toISOString(),
  });

  it('takes the first free slot', () => {
    expect(freeSlot([undefined, undefined], now)).toBe(0);
    expect(freeSlot([held('a', 5), undefined], now)).toBe(1);
  });

  it('refuses a third unpaid order with 429, the orders and Retry-After until the first hold ends', () => {
    let error: unknown;
    try {
      freeSlot([held('a', 9), held('b', 4)], now);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Refusal);
    expect(ERROR_STATUS[(error as Refusal).code]).toBe(429);
    expect(error).toMatchObject({
      code: 'unpaid_orders',
      message: UNPAID_ORDERS_MESSAGE,
      fields: { order_ids: 'a,b' },
    });
    expect((error as Refusal).retryAfterSeconds).toBe(240);
  });
});
