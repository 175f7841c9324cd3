import * as z from 'zod';
import { SUPPLIERS } from '../facts';

/** Schemas of the suppliers' admin side: their credentials (API Setup) and their health. */

/** The suppliers the shop has adapters for (functions/src/clients/suppliers/), in API Setup's order. */
export const SUPPLIER_NAMES = SUPPLIERS;
export const SupplierName = z.enum(SUPPLIERS, { error: 'Unknown supplier' });
export type SupplierName = z.infer<typeof SupplierName>;

export const SupplierParams = z.object({ supplier: SupplierName });

/** A supplier's settings as API Setup shows them: the secret never, only whether one is set. */
export const SupplierConfigView = z.object({
  supplier: SupplierName,
  base_url: z.string(),
  /** UniPin's partner id, MooGold's username. */
  partner_id: z.string(),
  has_secret: z.boolean(),
  /** "••••" and the secret's last 2 characters, or '' when none is set. */
  secret_masked: z.string(),
  is_active: z.boolean(),
  /**
   * Alert when the prepaid balance goes below this, in the supplier's minor units (US cents for
   * both suppliers here); null: no balance alert.
   */
  low_balance: z.number().int().nullable(),
  /** Saved in API Setup, or the environment's defaults (the local stack's sandboxes). */
  source: z.enum(['stored', 'environment', 'none']),
  updated_at: z.string().nullable(),
});
export type SupplierConfigView = z.infer<typeof SupplierConfigView>;

export const SuppliersResponse = z.object({ suppliers: z.array(SupplierConfigView) });

export const SaveSupplierBody = z.object({
  base_url: z.url({ error: 'Please enter a valid base URL' }).max(300),
  partner_id: z.string().trim().min(1, 'Please enter the partner id').max(120),
  /** Write-only: empty or missing keeps the stored secret. */
  secret: z.string().trim().max(500).optional(),
  is_active: z.boolean().default(true),
  low_balance: z
    .number({ error: 'Please enter a whole number' })
    .int('Please enter a whole number')
    .min(0, 'Please enter a whole number')
    .max(1_000_000_000)
    .nullable()
    .default(null),
});

export const SaveSupplierResponse = z.object({ supplier: SupplierConfigView, message: z.string() });

/** Calls of the last 24 hours by outcome (the hourly counters). */
const CallCounts = z.object({
  done: z.number().int(),
  refused: z.number().int(),
  unknown: z.number().int(),
});

export const SupplierHealth = z.object({
  supplier: SupplierName,
  is_active: z.boolean(),
  /** Asked now; null when the supplier did not answer (then `balance_error` says why). */
  balance: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  balance_error: z.string().nullable(),
  low_balance: z.number().int().nullable(),
  below_level: z.boolean(),
  /** The stock of each supplier voucher a variant uses (null: the supplier did not say). */
  stock: z.array(z.object({ product_id: z.string(), stock: z.number().int().nullable() })),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  consecutive_failures: z.number().int(),
  calls_24h: CallCounts,
  /** unknown ÷ all calls of the last 24 hours, 0 with no calls. */
  failed_share: z.number(),
});
export type SupplierHealth = z.infer<typeof SupplierHealth>;

export const SupplierHealthResponse = z.object({ suppliers: z.array(SupplierHealth) });
