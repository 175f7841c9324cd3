import { resellersRoutes } from '@khelaghor/contract/routes/resellers';
import { describe, expect, it } from 'vitest';
import { defineHandler } from './handler';
import { ipAllowed } from './reseller-access';
import { defineResellerHandler } from './reseller-handler';

process.env.TABLE_NAME ??= 'unit';

describe('reseller handlers', () => {
  it('refuses to build a reseller route without its signature check', () => {
    expect(() => defineHandler(resellersRoutes.resellerApiBalance, async () => ({}) as never)).toThrow(
      /defineResellerHandler/,
    );
    expect(() =>
      defineResellerHandler(resellersRoutes.resellerApiBalance, async () => ({}) as never),
    ).not.toThrow();
  });

  it('matches source addresses against addresses and CIDR ranges', () => {
    expect(ipAllowed(['203.0.113.7'], '203.0.113.7')).toBe(true);
    expect(ipAllowed(['203.0.113.7'], '203.0.113.8')).toBe(false);
    expect(ipAllowed(['10.0.0.0/8'], '10.200.3.4')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '11.0.0.1')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(['2001:db8::/32'], '2001:db9::1')).toBe(false);
    expect(ipAllowed(['10.0.0.0/8'], 'unknown')).toBe(false);
  });
});
