import * as z from '../zod';
import { Poisha } from '../money';
import { Id } from './ids';

/**
 * Refunds of a paid order (issue 34, DESIGN 12): to the wallet (the default), to the original
 * gateway payment (UddoktaPay's refund call), or a Send Money the admin made outside the shop and
 * records with its TrxID.
 */
const REFUND_DESTINATIONS = ['wallet', 'original', 'send_money'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/**
 * `sending`: written before the gateway call; `sent` on a clear yes (or at once for wallet and
 * Send Money); `refused` on a clear no; `unknown` on a timeout / 5xx / garbled answer, confirmed by
 * an admin from the gateway's panel and never sent again.
 */
const REFUND_STATES = ['sending', 'sent', 'refused', 'unknown'] as const;

/**
 * A refund `sending` longer than this lost its request (a crash, a Lambda timeout): an admin may
 * confirm it from the gateway's panel like an unknown one. Younger, its call may still answer.
 */
export const REFUND_SENDING_LOST_MS = 60_000;
export type RefundState = (typeof REFUND_STATES)[number];

export const Refund = z.object({
  id: z.string(),
  order_id: z.string(),
  amount: Poisha,
  destination: z.enum(REFUND_DESTINATIONS),
  state: z.enum(REFUND_STATES),
  /** bkash / nagad / rocket for the original method; the Send Money's method otherwise. */
  method: z.nullable(z.string()),
  reason: z.string(),
  /** The gateway's answer, or the admin's note when confirming. */
  message: z.nullable(z.string()),
  /** The Send Money's TrxID (proof of a manual refund). */
  trx_id: z.nullable(z.string()),
  admin_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Refund = z.infer<typeof Refund>;

export const OrderRefunds = z.object({
  order_id: z.string(),
  /** What the buyer paid (0 for an unpaid order). */
  paid: Poisha,
  /** Counted against what was paid: every refund not refused (sending and unknown included). */
  held: Poisha,
  /** Known to be back with the buyer (sent). */
  returned: Poisha,
  /** What may still be refunded: paid - held. */
  refundable: Poisha,
  /** The order was paid through the gateway with a transaction id: 'original' is possible. */
  original_method: z.nullable(z.string()),
  items: z.array(Refund),
});

export const RefundParams = z.object({ id: Id, refundId: Id });

const Reason = z.string().check(z.trim(), z.minLength(1, 'Please give a reason'), z.maxLength(200));

export const CreateRefundBody = z
  .object({
    /** One per Refund dialog: a retry of the same request finds its record and never sends again. */
    request_id: z
      .string()
      .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'request_id must be 8-64 letters, digits, - or _')),
    amount: Poisha.check(z.positive('Amount must be more than zero')),
    destination: z._default(z.enum(REFUND_DESTINATIONS), 'wallet'),
    reason: Reason,
    /** send_money only: the TrxID of the Send Money the admin made. */
    trx_id: z.optional(
      z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{6,20}$/, 'TrxID must be 6-20 letters or digits')),
    ),
  })
  .check(
    z.refine((b) => b.destination !== 'send_money' || !!b.trx_id, {
      message: 'Please enter the TrxID of the Send Money',
      path: ['trx_id'],
    }),
  );

export const ConfirmRefundBody = z.object({
  outcome: z.enum(['sent', 'refused']),
  note: Reason,
});

export const RefundResponse = z.object({ refund: Refund, refunds: OrderRefunds });
