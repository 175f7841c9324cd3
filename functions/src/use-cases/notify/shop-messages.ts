import { formatTaka, METHOD_LABELS, UNEXPECTED_NOTES, type UnexpectedReason } from '@khelaghor/contract';
import type { MailContent } from './mail-layout';

/** The shop's alerts and its daily summary, for the alert addresses of the notification settings. */

const label = (method: string) => METHOD_LABELS[method as keyof typeof METHOD_LABELS] ?? method;
type Payment = Record<string, unknown>;
const text = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));

export function trxIdRequest(shopUrl: string, p: Payment): MailContent {
  return {
    subject: `New TrxID request: ${formatTaka(Number(p.amount))} by ${label(String(p.payment_method))}`,
    title: 'A customer sent money and is waiting',
    lines: ['Check the TrxID in your account statement, then approve or reject the request.'],
    rows: [
      ['Customer', text(p.user_email)],
      ['Amount', formatTaka(Number(p.amount))],
      ['Method', label(String(p.payment_method))],
      ['TrxID', text(p.transaction_id)],
      ['Sender number', text(p.sender_number)],
    ],
    action: { label: 'Open Wallet Management', url: `${shopUrl}/admin/wallet` },
  };
}

export function paymentInReview(shopUrl: string, p: Payment): MailContent {
  return {
    subject: `Payment in review: ${formatTaka(Number(p.amount))}`,
    title: 'A payment needs your review',
    lines: ['The gateway reported this payment in a state the shop cannot settle on its own.'],
    rows: [
      ['Payment', text(p.id)],
      ['Customer', text(p.user_email)],
      ['Amount', formatTaka(Number(p.amount))],
      ['Order', text(p.order_id)],
    ],
    action: { label: 'Open Payment Management', url: `${shopUrl}/admin/payments` },
  };
}

export function unexpectedPayment(shopUrl: string, p: Payment): MailContent {
  const reason = String(p.reason ?? '') as UnexpectedReason;
  return {
    subject: `Unexpected payment credited: ${formatTaka(Number(p.amount))}`,
    title: 'An unexpected payment was credited to a wallet',
    lines: [
      UNEXPECTED_NOTES[reason] ?? 'A verified payment did not match what the shop expected.',
      'Refund it through the gateway or leave it in the wallet.',
    ],
    rows: [
      ['Payment', text(p.id)],
      ['Customer', text(p.user_email)],
      ['Amount', formatTaka(Number(p.amount))],
      ['Invoice', text(p.invoice_id)],
    ],
    action: { label: 'Open Payment Management', url: `${shopUrl}/admin/payments` },
  };
}

export function lowStock(shopUrl: string, d: { name: string; stock: number; level: number }): MailContent {
  return {
    subject: `Low stock: ${d.name} (${d.stock} left)`,
    title: 'A package is running out',
    lines: [
      `${d.name} has ${d.stock} code${d.stock === 1 ? '' : 's'} left (your low-stock level is ${d.level}).`,
      'Import more codes before it sells out.',
    ],
    action: { label: 'Open Vouchers', url: `${shopUrl}/admin/vouchers` },
  };
}

const SUPPLIER_LABELS: Record<string, string> = { unipin: 'UniPin', moogold: 'MooGold' };

/** A supplier failing in a row, or its balance below the level (db/suppliers/supplier-health.ts). */
export function supplierAlert(shopUrl: string, a: Record<string, unknown>): MailContent {
  const name = SUPPLIER_LABELS[String(a.supplier)] ?? text(a.supplier);
  const d = (a.detail ?? {}) as Record<string, unknown>;
  const action = { label: 'Open Fulfilment', url: `${shopUrl}/admin/fulfilment` };
  if (a.kind === 'low_balance')
    return {
      subject: `${name} balance is low`,
      title: `Top up your ${name} balance`,
      lines: [
        `Your prepaid balance at ${name} is below the level you set. Orders it cannot pay for wait in the Fulfilment queue.`,
      ],
      rows: [
        ['Balance', `${text(d.balance)} (${text(d.currency)} minor units)`],
        ['Alert level', text(d.level)],
      ],
      action,
    };
  return {
    subject: `${name} is failing: ${text(d.calls)} calls in a row`,
    title: `${name} does not answer`,
    lines: [
      `The last ${text(d.calls)} calls to ${name} got no answer the shop can trust. Orders wait and are checked again; after 10 minutes they go to the Fulfilment queue.`,
      'You get this once; the next mail comes after it answers again and then fails again.',
    ],
    rows: [['Last error', text(d.last_error)]],
    action,
  };
}

export interface DaySummary {
  day: string;
  orders: number;
  completed: number;
  revenue: number;
  top: Array<{ name: string; count: number; revenue: number }>;
  low: Array<{ name: string; stock: number }>;
}

export function dailySummary(shopUrl: string, s: DaySummary): MailContent {
  return {
    subject: `Daily summary ${s.day}: ${s.completed} orders, ${formatTaka(s.revenue)}`,
    title: `Your shop on ${s.day}`,
    lines: [
      `${s.completed} completed orders of ${s.orders} placed, ${formatTaka(s.revenue)} in sales.`,
      s.low.length
        ? `Low on stock: ${s.low.map((l) => `${l.name} (${l.stock})`).join(', ')}.`
        : 'No package is low on stock.',
    ],
    rows: s.top.map((t): [string, string] => [t.name, `${t.count} sold, ${formatTaka(t.revenue)}`]),
    action: { label: 'Open the dashboard', url: `${shopUrl}/admin` },
  };
}

/** A day's reconciliation found breaks: how many of each kind, and where to work them. */
export function reconciliationBreaks(shopUrl: string, r: Record<string, unknown>): MailContent {
  const breaks = (Array.isArray(r.breaks) ? r.breaks : []) as Array<Record<string, unknown>>;
  const open = breaks.filter((b) => !b.resolved_at);
  const byKind = new Map<string, number>();
  for (const b of open) byKind.set(String(b.kind), (byKind.get(String(b.kind)) ?? 0) + 1);
  return {
    subject: `Reconciliation ${text(r.day)}: ${open.length} ${open.length === 1 ? 'break' : 'breaks'}`,
    title: `The books of ${text(r.day)} do not agree`,
    lines: [
      "The shop's payments, wallets and supplier orders of the day were compared with the gateway, the SMS and the suppliers. Each break below needs a look: the Reconciliation page says what to do for each.",
    ],
    rows: [...byKind].map(([kind, n]): [string, string] => [kind, String(n)]),
    action: { label: 'Open Reconciliation', url: `${shopUrl}/admin/reconciliation?day=${text(r.day)}` },
  };
}
