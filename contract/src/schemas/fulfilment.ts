import * as z from '../zod';
import { FULFILMENT_KINDS, FULFILMENT_QUEUE_REASONS, FULFILMENT_STATES, SUPPLIERS } from '../facts';

/**
 * What fulfils a variant and where an order's fulfilment stands (issue 31). The backend's state
 * machine is functions/src/use-cases/fulfilment/; the states are explained in facts.ts and
 * docs/suppliers.md.
 */

const FulfilmentKind = z.enum(FULFILMENT_KINDS);
const Supplier = z.enum(SUPPLIERS);
const FulfilmentState = z.enum(FULFILMENT_STATES);
const FulfilmentQueueReason = z.enum(FULFILMENT_QUEUE_REASONS);

/**
 * A variant's fulfilment setting as the admin sees it. `supplier` and `supplier_product_id` name
 * what to buy: UniPin's `denomination_id` (top-up) or `voucher_code` (voucher); MooGold's
 * variation id. `game_code` is UniPin's game code (e.g. FREEFIRE; required for a UniPin top-up)
 * or the key of MooGold's game fields (e.g. free-fire). A `stock` variant may name a supplier's
 * voucher: the just-in-time source when its stock is empty (null: stock only).
 * Variants stored before fulfilment read as `{ kind: 'stock', supplier: null, ... }`.
 */
export const VariantFulfilment = z.object({
  kind: FulfilmentKind,
  supplier: z.nullable(Supplier),
  supplier_product_id: z.nullable(z.string()),
  game_code: z.nullable(z.string()),
});
export type VariantFulfilment = z.infer<typeof VariantFulfilment>;

const SUPPLIER_REQUIRED = 'Please choose the supplier';
const PRODUCT_REQUIRED = "Please enter the supplier's product id";
const GAME_REQUIRED = "Please enter the supplier's game code";
const idText = (max: number) =>
  z.pipe(
    z.nullish(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(max, `Must be at most ${max} characters`),
          z.regex(/^[A-Za-z0-9._:-]*$/, 'Letters, digits and . _ : - only'),
        ),
    ),
    z.transform((v) => (v ? v : null)),
  );

/**
 * The same in the admin's variant body (optional: absent keeps `stock`). Checked together: a
 * supplier's voucher or top-up needs the supplier and its product id; a UniPin top-up its game
 * code too; a `stock` variant names a supplier and product together or neither; `operator`
 * names none (they are dropped).
 */
export const VariantFulfilmentBody = z.pipe(
  z
    .object({
      kind: z._default(FulfilmentKind, 'stock'),
      supplier: z.pipe(
        z.nullish(Supplier),
        z.transform((v) => v ?? null),
      ),
      supplier_product_id: idText(64),
      game_code: idText(64),
    })
    .check(
      z.superRefine((v, ctx) => {
        const needsSupplier = v.kind === 'supplier_voucher' || v.kind === 'supplier_topup';
        const partial = v.kind === 'stock' && Boolean(v.supplier) !== Boolean(v.supplier_product_id);
        if ((needsSupplier || partial) && !v.supplier)
          ctx.addIssue({ code: 'custom', path: ['supplier'], message: SUPPLIER_REQUIRED });
        if ((needsSupplier || partial) && !v.supplier_product_id)
          ctx.addIssue({ code: 'custom', path: ['supplier_product_id'], message: PRODUCT_REQUIRED });
        if (v.kind === 'supplier_topup' && v.supplier === 'unipin' && !v.game_code)
          ctx.addIssue({ code: 'custom', path: ['game_code'], message: GAME_REQUIRED });
      }),
    ),
  z.transform((v): VariantFulfilment =>
    v.kind === 'operator'
      ? { kind: 'operator', supplier: null, supplier_product_id: null, game_code: null }
      : v,
  ),
);
export type VariantFulfilmentBody = z.input<typeof VariantFulfilmentBody>;

/**
 * What the buyer gets, on a public variant: a `code` (stock, supplier voucher) shown at once, or
 * a top-up `delivered to your game account` within `delivery_minutes` (supplier: usually 5;
 * operator: the shop's promise, default 30). `delivery_minutes` is null for codes.
 */
const Delivery = z.enum(['code', 'game_account']);
export const publicDelivery = {
  delivery: Delivery,
  delivery_minutes: z.nullable(z.int()),
};

/**
 * An order's fulfilment as its buyer sees it (absent on orders from before it, and on stock
 * orders). The order's own `status` says `processing` until it is completed or refunded.
 */
export const OrderFulfilment = z.object({
  kind: FulfilmentKind,
  /** The supplier's transaction id once completed (shown on the success page, My Orders, the receipt). */
  supplier_transaction_id: z.nullable(z.string()),
  /** The promise in minutes from payment (null for codes). */
  delivery_minutes: z.nullable(z.int()),
});
export type OrderFulfilment = z.infer<typeof OrderFulfilment>;

/**
 * The supplier-order record of an order, as the admin's Fulfilment queue sees it (one per order,
 * keyed by the order id). Times are ISO.
 */
export const SupplierOrder = z.object({
  order_id: z.string(),
  kind: FulfilmentKind,
  state: FulfilmentState,
  supplier: z.nullable(Supplier),
  supplier_product_id: z.nullable(z.string()),
  game_code: z.nullable(z.string()),
  player_uid: z.string(),
  player_zone: z.nullable(z.string()),
  /** Calls that sent the order (create) and inquiries made. */
  send_attempts: z.int(),
  inquiries: z.int(),
  /** When the job looks at it next (pending_send, sending, sent, unknown); else null. */
  next_check_at: z.nullable(z.string()),
  /** The sender's lease while `sending`. */
  lease_until: z.nullable(z.string()),
  /** When its outcome first became unknown (10 minutes later it is queued). */
  unknown_since: z.nullable(z.string()),
  queue_reason: z.nullable(FulfilmentQueueReason),
  queued_at: z.nullable(z.string()),
  /** The operator who claimed it in the queue (user id), and when. */
  claimed_by: z.nullable(z.string()),
  claimed_at: z.nullable(z.string()),
  supplier_transaction_id: z.nullable(z.string()),
  /** The operator's proof (game's transaction id or note) on a manual completion. */
  proof: z.nullable(z.string()),
  /** The supplier's (or operator's) reason for a refusal, or the last error. */
  reason: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SupplierOrder = z.infer<typeof SupplierOrder>;
