import * as z from '../zod';
import { SUPPLIERS } from '../facts';
import { Poisha } from '../money';
import { SupplierOrder } from './fulfilment';

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
  low_balance: z.nullable(z.int()),
  /** Saved in API Setup, or the environment's defaults (the local stack's sandboxes). */
  source: z.enum(['stored', 'environment', 'none']),
  updated_at: z.nullable(z.string()),
});
export type SupplierConfigView = z.infer<typeof SupplierConfigView>;

export const SuppliersResponse = z.object({ suppliers: z.array(SupplierConfigView) });

export const SaveSupplierBody = z.object({
  base_url: z.url({ error: 'Please enter a valid base URL' }).check(z.maxLength(300)),
  partner_id: z.string().check(z.trim(), z.minLength(1, 'Please enter the partner id'), z.maxLength(120)),
  /** Write-only: empty or missing keeps the stored secret. */
  secret: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  is_active: z._default(z.boolean(), true),
  low_balance: z._default(
    z.nullable(
      z
        .number({ error: 'Please enter a whole number' })
        .check(
          z.int('Please enter a whole number'),
          z.minimum(0, 'Please enter a whole number'),
          z.maximum(1_000_000_000),
        ),
    ),
    null,
  ),
});

export const SaveSupplierResponse = z.object({ supplier: SupplierConfigView, message: z.string() });

/** Calls of the last 24 hours by outcome (the hourly counters). */
const CallCounts = z.object({
  done: z.int(),
  refused: z.int(),
  unknown: z.int(),
});

export const SupplierHealth = z.object({
  supplier: SupplierName,
  is_active: z.boolean(),
  /** Asked now; null when the supplier did not answer (then `balance_error` says why). */
  balance: z.nullable(z.object({ amount: z.int(), currency: z.string() })),
  balance_error: z.nullable(z.string()),
  low_balance: z.nullable(z.int()),
  below_level: z.boolean(),
  /** The stock of each supplier voucher a variant uses (null: the supplier did not say). */
  stock: z.array(z.object({ product_id: z.string(), stock: z.nullable(z.int()) })),
  last_error: z.nullable(z.string()),
  last_error_at: z.nullable(z.string()),
  consecutive_failures: z.int(),
  calls_24h: CallCounts,
  /** unknown ÷ all calls of the last 24 hours, 0 with no calls. */
  failed_share: z.number(),
});
export type SupplierHealth = z.infer<typeof SupplierHealth>;

export const SupplierHealthResponse = z.object({ suppliers: z.array(SupplierHealth) });

/**
 * One order in the operator's queue (admin 'Fulfilment'): its supplier-order record, the order's
 * package and buyer, and when it was promised (paid + the promised minutes). `mine`: claimed by
 * the admin asking.
 */
export const FulfilmentQueueItem = z.extend(SupplierOrder, {
  product_name: z.string(),
  variant_name: z.string(),
  total_amount: Poisha,
  user_email: z.nullable(z.string()),
  paid_at: z.string(),
  promised_by: z.string(),
  mine: z.boolean(),
});
export type FulfilmentQueueItem = z.infer<typeof FulfilmentQueueItem>;
export const FulfilmentQueueResponse = z.object({ items: z.array(FulfilmentQueueItem) });

export const FulfilmentIdParams = z.object({
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});
const PROOF_REQUIRED = "Please enter the game's transaction ID or a note";
export const FulfilmentDoneBody = z.object({
  /** The game's transaction id, or a note saying how it was done: shown to the buyer as the transaction id. */
  proof: z
    .string({ error: PROOF_REQUIRED })
    .check(z.trim(), z.minLength(1, PROOF_REQUIRED), z.maxLength(200, 'Must be at most 200 characters')),
});
export const FulfilmentFailedBody = z.object({
  /** Why (shown in the refund mail); empty: 'Could not be delivered'. */
  reason: z.optional(z.string().check(z.trim(), z.maxLength(300, 'Must be at most 300 characters'))),
});
export const FulfilmentClaimResponse = z.object({ item: SupplierOrder, message: z.string() });
export const FulfilmentEndResponse = z.object({
  order_id: z.string(),
  /** completed / refunded by this call, or already ended by someone or something else. */
  result: z.enum(['completed', 'refunded', 'already']),
  message: z.string(),
});
