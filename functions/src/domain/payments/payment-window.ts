/**
 * How long a gateway payment may take, and when the sweeper asks the gateway about it. Checkout-v2
 * sends no webhook on its own and a buyer may close the tab before the return page, so the sweeper
 * polls every pending payment every minute while its hold lasts: a paid order is delivered within
 * about 2 minutes (one check interval plus the sweeper's own period) with no webhook and no return.
 */
export const HOLD_MINUTES = 15;
const MINUTE = 60_000;
/** A little under the sweeper's period, so a check set by one run is due at the next run. */
const CHECK_MS = 50_000;
/** While the payer's TrxID waits for the gateway's manual review (hold extended), every 5 minutes. */
const EXTENDED_CHECK_MS = 5 * MINUTE;

export const holdUntil = (now: Date) => new Date(now.getTime() + HOLD_MINUTES * MINUTE).toISOString();

export const firstCheckAt = (now: Date) => new Date(now.getTime() + CHECK_MS).toISOString();

/** The next check after one at `now`: at every sweeper run until the hold ends, then every 5 minutes. */
export function nextCheckAt(now: Date, holdUntilIso: string, createdAtIso: string): string {
  const hold = Date.parse(holdUntilIso);
  const extended = hold - Date.parse(createdAtIso) > HOLD_MINUTES * MINUTE;
  const step = extended ? EXTENDED_CHECK_MS : CHECK_MS;
  return new Date(Math.min(now.getTime() + step, Math.max(hold, now.getTime() + 1000))).toISOString();
}
