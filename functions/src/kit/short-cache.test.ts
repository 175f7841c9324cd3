import { afterEach, describe, expect, it, vi } from 'vitest';
import { cached } from './short-cache';

describe('cached', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load between concurrent callers and reuses it until the TTL passes', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => 'v');
    const answers = await Promise.all([
      cached('k1', load, 1000),
      cached('k1', load, 1000),
      cached('k1', load, 1000),
    ]);
    expect(answers).toEqual(['v', 'v', 'v']);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cached('k1', load, 1000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed load, and a TTL of 0 always loads', async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('boom');
    };
    await expect(cached('k2', failing, 1000)).rejects.toThrow('boom');
    await expect(cached('k2', failing, 1000)).rejects.toThrow('boom');
    expect(calls).toBe(2);
    const load = vi.fn(async () => 1);
    await cached('k3', load, 0);
    await cached('k3', load, 0);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
