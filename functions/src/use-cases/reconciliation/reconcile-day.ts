import type { ReconBreak, ReconReport } from '@khelaghor/contract/schemas/reconciliation';
import type { Supplier } from '../../clients/suppliers/supplier';
import type { GatewayClient } from '../../clients/uddoktapay';
import type { Db } from '../../db/client';
import { paymentsCreatedBetween, supplierOrdersOfOrdersBetween } from '../../db/reconciliation/day-records';
import { getReport, putReport, resolveBreakAt } from '../../db/reconciliation/report-item';
import type { SupplierOrderItem } from '../../domain/fulfilment/supplier-order';
import { notFound } from '../../domain/refusals';
import { previousDhakaDay } from '../notify/daily-summary';
import { breakId } from '../../domain/reconciliation/breaks';
import { checkManualPayments, checkSupplierOrders, checkWallets } from './check-books';
import { checkGateway, type InvoiceLister } from './check-gateway';

/**
 * The daily reconciliation of one Asia/Dhaka day (issue 34; docs/operations.md, 'Daily
 * reconciliation'): the shop's books of the day against the gateway, the SMS and admin decisions
 * of manual payments, the suppliers, and each wallet's ledger. Reads only; it changes no money.
 */

export interface ReconcileDeps {
  db: Db;
  /** Made on first use: a day without gateway payments does not need the gateway's key. */
  gateway: () => Promise<GatewayClient>;
  /** The sandbox's invoice list; undefined on the real gateway (no list call). */
  listInvoices?: InvoiceLister;
  supplier: (name: NonNullable<SupplierOrderItem['supplier']>) => Promise<Supplier | undefined>;
  now: () => Date;
}

/** A report keeps at most this many breaks (the item stays far below 400 KB); the rest are counted. */
const MAX_BREAKS = 400;
const DHAKA_OFFSET_MS = 6 * 3600_000;

/** The UTC bounds [from, until) of a Dhaka day given as YYYY-MM-DD. */
function dhakaDayBounds(day: string): { from: string; until: string } {
  const from = Date.parse(`${day}T00:00:00.000Z`) - DHAKA_OFFSET_MS;
  return { from: new Date(from).toISOString(), until: new Date(from + 86_400_000).toISOString() };
}

export async function reconcileDay(
  deps: ReconcileDeps,
  day: string,
  run: { by: string; replace: boolean },
): Promise<{ report: ReconReport; written: boolean }> {
  const { from, until } = dhakaDayBounds(day);
  const payments = await paymentsCreatedBetween(deps.db, from, until);
  const gatewayPayments = payments.filter((p) => p.payment_provider === 'uddoktapay');
  const gateway =
    gatewayPayments.length || deps.listInvoices
      ? await checkGateway(
          { db: deps.db, gateway: await deps.gateway(), listInvoices: deps.listInvoices },
          { from, until },
          gatewayPayments,
        )
      : { breaks: [], checked: 0, unchecked: [] };
  const manual = await checkManualPayments(deps.db, payments);
  const orders = await supplierOrdersOfOrdersBetween(deps.db, from, until);
  const supplier = await checkSupplierOrders(
    deps.supplier,
    orders.map((o) => o.record),
  );
  // Every wallet the day's money moved in: payments of every kind carry the buyer.
  const users = [...new Set([...payments.map((p) => p.user_id), ...orders.map((o) => o.order.user_id)])];
  const wallets = await checkWallets(deps.db, users.sort());

  const previous = run.replace ? await getReport(deps.db, day) : undefined;
  const resolved = new Map((previous?.breaks ?? []).filter((b) => b.resolved_at).map((b) => [b.id, b]));
  const found = [...gateway.breaks, ...manual.breaks, ...supplier.breaks, ...wallets.breaks];
  const breaks: ReconBreak[] = found.slice(0, MAX_BREAKS).map((b) => {
    const id = breakId(b);
    const before = resolved.get(id);
    return {
      id,
      ...b,
      // A break found again keeps the admin's resolution of the earlier run.
      resolved_by: before?.resolved_by ?? null,
      resolved_at: before?.resolved_at ?? null,
      resolution_note: before?.resolution_note ?? null,
    };
  });
  const unchecked = [...gateway.unchecked, ...supplier.unchecked];
  if (found.length > MAX_BREAKS) unchecked.push(`${found.length - MAX_BREAKS} more breaks not listed`);
  const report: ReconReport = {
    day,
    from,
    until,
    ran_at: deps.now().toISOString(),
    ran_by: run.by,
    checked: {
      gateway_invoices: gateway.checked,
      manual_payments: manual.checked,
      supplier_orders: supplier.checked,
      wallets: wallets.checked,
    },
    gateway_listed: Boolean(deps.listInvoices),
    unchecked,
    breaks,
  };
  const written = await putReport(deps.db, report, run.replace);
  return { report: written ? report : ((await getReport(deps.db, day)) ?? report), written };
}

/** The scheduled run: the previous Dhaka day, once (a later hourly run finds it written). */
export async function reconcilePreviousDay(deps: ReconcileDeps) {
  const { day } = previousDhakaDay(deps.now());
  if (await getReport(deps.db, day)) return { day, written: false, breaks: 0 };
  const { report, written } = await reconcileDay(deps, day, { by: 'job', replace: false });
  return { day, written, breaks: report.breaks.length };
}

/** An admin marks a break resolved with a note; resolving it again keeps the first resolution. */
export async function resolveBreak(
  deps: { db: Db; now: () => Date },
  day: string,
  id: string,
  by: { userId: string; note: string },
): Promise<ReconReport> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const report = await getReport(deps.db, day);
    const index = report?.breaks.findIndex((b) => b.id === id) ?? -1;
    if (!report || index < 0) throw notFound();
    if (report.breaks[index]!.resolved_at) return report;
    const at = deps.now().toISOString();
    if (await resolveBreakAt(deps.db, day, index, id, { ...by, at })) return (await getReport(deps.db, day))!;
  }
  throw notFound();
}
