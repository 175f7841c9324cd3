/**
 * Which messages a committed change of one item calls for (DESIGN 11, docs/notifications.md): a
 * plain decision over the item before and after the change. Each notice has an id made from the
 * fact alone (the order, the payment, the ledger entry), so the same fact seen twice (a retried
 * stream batch, a replay) is the same notice and is sent once.
 */

type Image = Record<string, unknown>;

export interface Change {
  /** Absent for a new item. */
  before?: Image;
  /** Absent for a deleted item. */
  after?: Image;
}

/** What a buyer gets. `optional: false` are receipts, sent even to buyers who turned the rest off. */
type BuyerNotice =
  | { kind: 'receipt'; orderId: string }
  | {
      kind: 'payment_failed';
      paymentId: string;
      paymentKind: string;
      orderId?: string;
      reason: string;
      amount: number;
    }
  /** `to`: a refund to the original payment (bkash, nagad, rocket) or by Send Money, not the wallet. */
  | { kind: 'refund'; orderId: string; amount: number; balanceAfter: number; to?: string }
  | {
      kind: 'wallet_credit';
      reason: string;
      reference: string;
      amount: number;
      balanceAfter: number;
      note?: string;
    }
  | { kind: 'trxid_rejected'; paymentId: string; amount: number; trxId: string; note?: string }
  /** A TrxID request the SMS matcher sent to the shop's review (`control`: what did not match), or expired. */
  | { kind: 'trxid_review'; paymentId: string; amount: number; trxId: string; control: string }
  | { kind: 'trxid_expired'; paymentId: string; amount: number; trxId: string };

/** What the shop's alert addresses get. */
type ShopNotice =
  | { kind: 'alert_trxid'; paymentId: string }
  | { kind: 'alert_review'; paymentId: string }
  | { kind: 'alert_unexpected'; paymentId: string }
  | { kind: 'daily_summary'; day: string }
  | { kind: 'low_stock'; name: string; stock: number; level: number }
  /** A supplier failing calls in a row, or its prepaid balance below the shop's level. */
  | { kind: 'supplier_alert'; alertId: string }
  /** A day's reconciliation found breaks (use-cases/reconciliation/reconcile-day.ts). */
  | { kind: 'reconciliation'; day: string };

export type Notice =
  | ({ id: string; audience: 'buyer'; userId: string; optional: boolean } & BuyerNotice)
  | ({ id: string; audience: 'shop' } & ShopNotice);

/** A change that may call for a low-stock alert or re-arm it: decided with the variant's whole stock. */
export interface StockMove {
  variantId: string;
  direction: 'down' | 'up';
}

/** Ledger reasons that credit a wallet and are worth telling the buyer about. */
const CREDIT_REASONS = new Set(['topup', 'manual_topup', 'unexpected_payment', 'late_payment', 'adjustment']);

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const became = (c: Change, field: string, value: string) =>
  c.after?.[field] === value && c.before?.[field] !== value;

export function noticesFor(change: Change): Notice[] {
  const item = change.after;
  if (!item) return [];
  switch (item.type) {
    case 'order':
      return orderNotices(change, item);
    case 'payment':
      return paymentNotices(change, item);
    case 'ledger':
      return change.before ? [] : ledgerNotices(item);
    case 'refund':
      return refundNotices(change, item);
    case 'supplier_alert':
      // Written once per episode (use-cases/suppliers/supplier-health.ts): its id is the fact.
      return change.before
        ? []
        : [
            {
              id: `supplier-alert#${str(item.supplier)}#${str(item.id)}`,
              audience: 'shop',
              kind: 'supplier_alert',
              alertId: String(item.id),
            },
          ];
    case 'recon_report': {
      // Each run writes the report anew (ran_at); resolving a break changes it without a new run.
      const ran = str(item.ran_at);
      const open = Array.isArray(item.breaks) ? item.breaks.filter((b) => !(b as Image)?.resolved_at) : [];
      if (!ran || change.before?.ran_at === ran || open.length === 0) return [];
      return [
        {
          id: `recon#${str(item.day)}#${ran}`,
          audience: 'shop',
          kind: 'reconciliation',
          day: String(item.day),
        },
      ];
    }
    case 'day_summary':
      return change.before
        ? []
        : [
            {
              id: `summary#${str(item.day)}`,
              audience: 'shop',
              kind: 'daily_summary',
              day: String(item.day),
            },
          ];
    default:
      return [];
  }
}

/**
 * A refund to the original payment or by Send Money, once it is known sent (a wallet refund is
 * told by its ledger entry). One notice per refund record.
 */
function refundNotices(change: Change, r: Image): Notice[] {
  if (r.destination === 'wallet' || !became(change, 'state', 'sent')) return [];
  return [
    {
      id: `refund-to#${String(r.order_id)}#${String(r.id)}`,
      audience: 'buyer',
      userId: String(r.user_id),
      optional: true,
      kind: 'refund',
      orderId: String(r.order_id),
      amount: num(r.amount),
      balanceAfter: 0,
      to: str(r.method) ?? 'send_money',
    },
  ];
}

function orderNotices(change: Change, order: Image): Notice[] {
  if (!became(change, 'status', 'completed')) return [];
  const id = String(order.id);
  return [
    {
      id: `receipt#${id}`,
      audience: 'buyer',
      userId: String(order.user_id),
      optional: false,
      kind: 'receipt',
      orderId: id,
    },
  ];
}

function paymentNotices(change: Change, p: Image): Notice[] {
  const id = String(p.id);
  const notices: Notice[] = [];
  const userId = String(p.user_id);
  // A request verified from the shop's SMS (it has `expires_at`) needs the shop only when the
  // matcher sends it to review; one with no SMS to wait for (a bank transfer) needs it at once.
  // One notice id either way: the shop is told once per request.
  const toReview = p.kind === 'manual_topup' && !!p.sms_review && !change.before?.sms_review;
  if ((!change.before && p.kind === 'manual_topup' && p.status === 'pending' && !p.expires_at) || toReview)
    notices.push({ id: `alert-trxid#${id}`, audience: 'shop', kind: 'alert_trxid', paymentId: id });
  if (toReview)
    notices.push({
      id: `trxid-review#${id}`,
      audience: 'buyer',
      userId,
      optional: true,
      kind: 'trxid_review',
      paymentId: id,
      amount: num(p.amount),
      trxId: str(p.transaction_id) ?? '',
      control: String(p.sms_review),
    });
  if (p.kind === 'manual_topup' && became(change, 'status', 'expired'))
    notices.push({
      id: `trxid-expired#${id}`,
      audience: 'buyer',
      userId,
      optional: true,
      kind: 'trxid_expired',
      paymentId: id,
      amount: num(p.amount),
      trxId: str(p.transaction_id) ?? '',
    });
  if (!change.before && p.kind === 'unexpected')
    notices.push({ id: `alert-unexpected#${id}`, audience: 'shop', kind: 'alert_unexpected', paymentId: id });
  if (became(change, 'status', 'review'))
    notices.push({ id: `alert-review#${id}`, audience: 'shop', kind: 'alert_review', paymentId: id });
  // A buyer who cancelled knows; every other failure of money they meant to pay is worth a word.
  if (
    (p.kind === 'order' || p.kind === 'topup') &&
    became(change, 'status', 'failed') &&
    p.failure_reason !== 'cancelled'
  )
    notices.push({
      id: `payment-failed#${id}`,
      audience: 'buyer',
      userId,
      optional: true,
      kind: 'payment_failed',
      paymentId: id,
      paymentKind: String(p.kind),
      ...(str(p.order_id) && { orderId: str(p.order_id) }),
      reason: str(p.failure_reason) ?? 'failed',
      amount: num(p.amount),
    });
  if (p.kind === 'manual_topup' && became(change, 'status', 'rejected'))
    notices.push({
      id: `trxid-rejected#${id}`,
      audience: 'buyer',
      userId,
      optional: true,
      kind: 'trxid_rejected',
      paymentId: id,
      amount: num(p.amount),
      trxId: str(p.transaction_id) ?? '',
      ...(str(p.note) && { note: str(p.note) }),
    });
  return notices;
}

function ledgerNotices(entry: Image): Notice[] {
  const id = String(entry.id);
  const userId = String(entry.user_id);
  const reason = String(entry.reason);
  const amount = num(entry.amount);
  const balanceAfter = num(entry.balance_after);
  if (reason === 'refund')
    return [
      {
        id: `refund#${id}`,
        audience: 'buyer',
        userId,
        optional: true,
        kind: 'refund',
        orderId: String(entry.reference),
        amount,
        balanceAfter,
      },
    ];
  if (!CREDIT_REASONS.has(reason) || amount <= 0) return [];
  return [
    {
      id: `credit#${id}`,
      audience: 'buyer',
      userId,
      optional: true,
      kind: 'wallet_credit',
      reason,
      reference: String(entry.reference ?? ''),
      amount,
      balanceAfter,
      ...(str(entry.note) && { note: str(entry.note) }),
    },
  ];
}

/** A stock shard's tickets left (tickets - taken) went down or up (its pk is STOCK#<variantId>#<n>). */
export function stockMoveOf(change: Change, pk: string): StockMove | undefined {
  const match = /^STOCK#(.+)#\d+$/.exec(pk);
  if (!match || !change.after) return undefined;
  const left = (item?: Record<string, unknown>) => num(item?.tickets) - num(item?.taken);
  const before = left(change.before);
  const after = left(change.after);
  if (after === before) return undefined;
  return { variantId: match[1]!, direction: after < before ? 'down' : 'up' };
}

/** The low-stock alert of a variant: one at a time, re-armed when stock is back at the level. */
export const lowStockNoticeId = (variantId: string) => `low-stock#${variantId}`;
