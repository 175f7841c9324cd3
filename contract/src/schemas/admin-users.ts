import * as z from '../zod';
import { ORDER_STATUSES } from '../facts';
import { Poisha } from '../money';

/** Schemas of the admin users area (users list, admin role, stats). */

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  balance: Poisha,
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
  /** Email prefix (case-insensitive). */
  email: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254))),
});

export const AdminUsersPage = z.object({
  items: z.array(AdminUser),
  cursor: z.nullable(z.string()),
});

/** The email of the account an admin looks up or grants the role to. */
const AccountEmail = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'Email is required'),
    z.email('Please enter a valid email'),
  );

export const GrantAdminBody = z.object({ email: AccountEmail });

export const UserResponse = z.object({ user: AdminUser });

export const CheckAdminQuery = z.object({ email: AccountEmail });

export const CheckAdminResponse = z.object({
  email: z.string(),
  found: z.boolean(),
  is_admin: z.boolean(),
  user_id: z.nullable(z.string()),
  message: z.string(),
});

/** After an admin confirms a new authenticator app: whether Cognito signed their sessions out. */
export const ConfirmMfaResponse = z.object({
  /** false where the pool cannot (cognito-local): the API's own cut still refuses older sessions. */
  signed_out: z.boolean(),
});

const OrderStatusName = z.enum(ORDER_STATUSES);

export const AdminStats = z.object({
  /** Oldest first: the last 14 UTC days including today, completed orders only. */
  sales_per_day: z.array(z.object({ date: z.string(), total: Poisha, orders: z.int() })),
  orders_by_status: z.record(OrderStatusName, z.int()),
  /** Sum of completed orders' totals, all time (poisha). */
  revenue: Poisha,
  /** Sum of completed orders' totals in the 14-day window (poisha). */
  revenue_14d: Poisha,
  /**
   * The shop's one low-stock level (the Notifications setting the alerts and the daily summary use):
   * the overview card says it beside the variants below it.
   */
  low_stock_level: z.int(),
  /** Variants with fewer than `low_stock_level` available codes, fewest first. */
  low_stock: z.array(
    z.object({
      variant_id: z.string(),
      product_id: z.string(),
      product_name: z.string(),
      variant_name: z.string(),
      stock: z.int(),
      is_active: z.boolean(),
    }),
  ),
  generated_at: z.string(),
});
export type AdminStats = z.infer<typeof AdminStats>;

/** The low-stock level until an admin sets one in Notifications (the setting is the one level). */
export const LOW_STOCK_THRESHOLD = 10;
export const SALES_DAYS = 14;
