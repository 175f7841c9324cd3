import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { describe, expect, it } from 'vitest';
import { defineAdminHandler } from './admin-handler';
import { defineHandler } from './handler';

process.env.TABLE_NAME ??= 'unit';

describe('admin handlers', () => {
  it('refuses to build an admin route without its admin check', () => {
    expect(() =>
      defineHandler(adminCommerceRoutes.adminListOrders, async () => ({ orders: [] }) as never),
    ).toThrow(/defineAdminHandler/);
    expect(() =>
      defineAdminHandler(adminCommerceRoutes.adminListOrders, async () => ({}) as never),
    ).not.toThrow();
  });
});
