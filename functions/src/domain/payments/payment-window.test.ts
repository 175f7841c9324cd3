import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstCheckAt, holdUntil, HOLD_MINUTES, nextCheckAt } from './payment-window';

const MINUTE = 60_000;

describe('payment window', () => {
  it('holds 15 minutes and first asks the gateway before the first minutely sweeper run', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    expect(Date.parse(holdUntil(now)) - now.getTime()).toBe(HOLD_MINUTES * MINUTE);
    expect(Date.parse(firstCheckAt(now)) - now.getTime()).toBeLessThan(MINUTE);
  });

  it('while the hold lasts, every next check is due by the next minutely run and never after the hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: HOLD_MINUTES * MINUTE - 1 }), (elapsed) => {
        const created = Date.parse('2026-11-23T10:00:00.000Z');
        const hold = holdUntil(new Date(created));
        const now = new Date(created + elapsed);
        const next = Date.parse(nextCheckAt(now, hold, new Date(created).toISOString()));
        expect(next).toBeGreaterThan(now.getTime());
        expect(next - now.getTime()).toBeLessThan(MINUTE);
        expect(next).toBeLessThanOrEqual(Math.max(Date.parse(hold), now.getTime() + 1000));
      }),
    );
  });

  it('after a hold was extended for a manual review, checks every 5 minutes', () => {
    const created = '2026-11-23T10:00:00.000Z';
    const now = new Date('2026-11-23T10:20:00.000Z');
    const extended = new Date(now.getTime() + 30 * MINUTE).toISOString();
    expect(Date.parse(nextCheckAt(now, extended, created)) - now.getTime()).toBe(5 * MINUTE);
  });
});
