import { describe, expect, it } from 'vitest';
import { bestValueIds, dhakaDay, popularIds, popularWindow, unitPrice } from './package-badges';

const pkg = (id: string, price: number, units: number | null, stock = 5) => ({ id, price, units, stock });

describe('package badges', () => {
  it('prices one unit in poisha, rounded, only for packages with units', () => {
    expect(unitPrice({ price: 8500, units: 100 })).toBe(85);
    expect(unitPrice({ price: 10000, units: 3 })).toBe(3333);
    expect(unitPrice({ price: 52000, units: null })).toBeNull();
  });

  it('gives Best value to the lowest exact price per unit among packages in stock', () => {
    const ids = bestValueIds([pkg('a', 8500, 100), pkg('b', 40000, 520), pkg('c', 75000, 1060, 0)]);
    // c is cheaper per unit (70.75) but out of stock; b (76.9) beats a (85).
    expect([...ids]).toEqual(['b']);
  });

  it('compares exactly where the rounded figures tie', () => {
    // 33.33 and 33.33 poisha a unit: both shown as ৳0.33, the exact figures differ.
    expect([...bestValueIds([pkg('a', 10000, 300), pkg('b', 9999, 300)])]).toEqual(['b']);
  });

  it('needs two packages with units, and none wins when all tie', () => {
    expect(bestValueIds([pkg('a', 8500, 100), pkg('g', 52000, null)]).size).toBe(0);
    expect(bestValueIds([pkg('a', 8500, 100), pkg('b', 17000, 200)]).size).toBe(0);
    expect([...bestValueIds([pkg('a', 8000, 100), pkg('b', 16000, 200), pkg('c', 9000, 100)])]).toEqual([
      'a',
      'b',
    ]);
  });

  it('marks the best seller of the window Popular from 3 sales, ties all', () => {
    expect(popularIds(new Map([['a', 2]]), ['a', 'b']).size).toBe(0);
    expect([
      ...popularIds(
        new Map([
          ['a', 3],
          ['b', 1],
        ]),
        ['a', 'b'],
      ),
    ]).toEqual(['a']);
    expect([
      ...popularIds(
        new Map([
          ['a', 4],
          ['b', 4],
          ['x', 9],
        ]),
        ['a', 'b'],
      ),
    ]).toEqual(['a', 'b']);
  });

  it('counts days in Asia/Dhaka, 7 days with today', () => {
    expect(dhakaDay('2026-11-26T18:00:00.000Z')).toBe('2026-11-27');
    expect(dhakaDay('2026-11-26T17:59:59.999Z')).toBe('2026-11-26');
    expect(popularWindow(new Date('2026-11-27T10:00:00Z'))).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });
});
