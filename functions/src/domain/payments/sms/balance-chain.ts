import type { ParsedSms } from './sms-types';

/**
 * A receiving account's balance chain (one per provider and receiving number): the balance its
 * last SMS reported. Every payment SMS says the balance after it, so a genuine SMS continues the
 * chain exactly (previous balance + amount = its balance). A gap means an SMS the shop did not get,
 * a payment out of the account, or a forged text: the chain stays broken, and every later SMS of
 * that account goes to the admin's review, until an admin clears it.
 */
export interface BalanceChain {
  balance_poisha: number;
  /** Set while the chain is broken; cleared only by an admin. */
  broken_since?: string;
}

/**
 * `start`: the account's first SMS (nothing to check it against: never credited on its own, the
 * chain continues from its balance), `ok`: continues the chain, `broken`: a gap, now or earlier.
 */
export type ChainVerdict = 'start' | 'ok' | 'broken';

/** The verdict on one SMS and the chain after it (the latest balance is kept either way). */
export function nextChain(
  chain: BalanceChain | undefined,
  sms: Pick<ParsedSms, 'amountPoisha' | 'balancePoisha'>,
  now: string,
): { verdict: ChainVerdict; chain: BalanceChain } {
  if (!chain) return { verdict: 'start', chain: { balance_poisha: sms.balancePoisha } };
  const continues = chain.balance_poisha + sms.amountPoisha === sms.balancePoisha;
  const brokenSince = chain.broken_since ?? (continues ? undefined : now);
  return {
    verdict: brokenSince ? 'broken' : 'ok',
    chain: { balance_poisha: sms.balancePoisha, ...(brokenSince && { broken_since: brokenSince }) },
  };
}
