import { ulid } from 'ulid';
import type { SupplierHealth, SupplierName } from '@khelaghor/contract/schemas/suppliers';
import type { Db } from '../../db/client';
import {
  callsSince,
  getSupplierHealthItem,
  putSupplierAlert,
  recordCall,
  setBalanceAlerted,
  type CallKind,
} from '../../db/suppliers/supplier-health';
import type { CallOutcome, Supplier, SupplierMoney } from '../../clients/suppliers/supplier';
import { createLogger } from '../../runtime/logger';

/** Calls in a row without a trustworthy answer before the shop is alerted (once per streak). */
export const FAILURE_STREAK_ALERT = 5;

const whyOf = (outcome: CallOutcome<unknown>): string | undefined =>
  outcome.kind === 'unknown'
    ? outcome.why
    : outcome.kind === 'refused'
      ? `refused: ${outcome.reason}${outcome.code ? ` (${outcome.code})` : ''}`
      : undefined;

/**
 * Counts an outcome in the supplier's health. Never fails the caller's flow: an order whose
 * supplier call went through must go on even if its counter could not be written.
 */
async function count(db: Db, name: SupplierName, outcome: CallOutcome<unknown>, now: Date): Promise<void> {
  try {
    const streak = await recordCall(db, name, outcome.kind as CallKind, now, whyOf(outcome));
    // ADD is atomic: exactly one call sees the streak reach the mark, so one alert per streak.
    if (outcome.kind === 'unknown' && streak === FAILURE_STREAK_ALERT)
      await putSupplierAlert(
        db,
        `failing-${ulid(now.getTime())}`,
        { supplier: name, kind: 'failing', detail: { calls: streak, last_error: outcome.why } },
        now,
      );
  } catch (error) {
    createLogger({ job: 'supplier-health' }).warn('supplier call not counted', {
      supplier: name,
      error: (error as Error).message,
    });
  }
}

/** Alerts once when the balance goes below the level; a balance back at the level re-arms it. */
async function checkBalance(
  db: Db,
  name: SupplierName,
  money: SupplierMoney,
  level: number | null,
  now: Date,
): Promise<void> {
  if (level === null) return;
  const below = money.amount < level;
  if (!(await setBalanceAlerted(db, name, below)) || !below) return;
  await putSupplierAlert(
    db,
    `low-balance-${ulid(now.getTime())}`,
    {
      supplier: name,
      kind: 'low_balance',
      detail: { balance: money.amount, level, currency: money.currency },
    },
    now,
  );
}

/**
 * The adapter with every call counted (supplier-config.ts's supplierFor hands out only this): the
 * health page's share of failed calls, the failing-streak alert and the low-balance alert.
 */
export function recordingHealth(
  db: Db,
  adapter: Supplier,
  lowBalance: number | null,
  clock: () => Date = () => new Date(),
): Supplier {
  const counted =
    <A extends unknown[], T>(call: (...args: A) => Promise<CallOutcome<T>>) =>
    async (...args: A): Promise<CallOutcome<T>> => {
      const outcome = await call(...args);
      await count(db, adapter.name, outcome, clock());
      return outcome;
    };
  return {
    name: adapter.name,
    validatePlayer: counted(adapter.validatePlayer.bind(adapter)),
    createTopup: counted(adapter.createTopup.bind(adapter)),
    requestVoucher: counted(adapter.requestVoucher.bind(adapter)),
    inquire: counted(adapter.inquire.bind(adapter)),
    stock: counted(adapter.stock.bind(adapter)),
    balance: async () => {
      const outcome = await counted(adapter.balance.bind(adapter))();
      if (outcome.kind === 'done') await checkBalance(db, adapter.name, outcome.value, lowBalance, clock());
      return outcome;
    },
  };
}

const DAY_MS = 24 * 3600_000;

/**
 * One supplier's health for the admin: its balance and voucher stock asked now (so the page is
 * also the balance check that may alert), the last error, and the last 24 hours' calls.
 */
export async function supplierHealth(
  db: Db,
  input: {
    name: SupplierName;
    supplier: Supplier | undefined;
    lowBalance: number | null;
    /** The supplier product ids of the vouchers variants buy from it. */
    voucherProducts: string[];
    now: Date;
  },
): Promise<SupplierHealth> {
  const { name, supplier, lowBalance, now } = input;
  const [balance, stock] = supplier
    ? await Promise.all([
        supplier.balance(),
        Promise.all(input.voucherProducts.map((id) => supplier.stock(id))),
      ])
    : [undefined, []];
  // After the calls above, so the page shows what they just found.
  const [state, calls] = await Promise.all([
    getSupplierHealthItem(db, name),
    callsSince(db, name, new Date(now.getTime() - DAY_MS)),
  ]);
  const all = calls.done + calls.refused + calls.unknown;
  const money = balance?.kind === 'done' ? balance.value : null;
  return {
    supplier: name,
    is_active: Boolean(supplier),
    balance: money,
    balance_error: !balance ? null : balance.kind === 'done' ? null : (whyOf(balance) ?? null),
    low_balance: lowBalance,
    below_level: money !== null && lowBalance !== null && money.amount < lowBalance,
    stock: input.voucherProducts.map((product_id, i) => {
      const s = stock[i];
      return { product_id, stock: s?.kind === 'done' ? s.value : null };
    }),
    last_error: state.last_error,
    last_error_at: state.last_error_at,
    consecutive_failures: state.consecutive_failures,
    calls_24h: calls,
    failed_share: all === 0 ? 0 : calls.unknown / all,
  };
}
