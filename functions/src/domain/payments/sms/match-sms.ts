import { SMS_WINDOW, type SmsControl } from '@khelaghor/contract/sms-facts';
import type { ChainVerdict } from './balance-chain';
import type { SmsProvider } from './sms-types';

/**
 * Whether a payment SMS credits a TrxID request: only when every control passes, else the admin's
 * review with the failed control named (docs/sms-payments.md). A request is found by its TrxID
 * alone, never by its amount: two buyers paying the same amount at the same moment have
 * different TrxIDs, so neither can be credited with the other's SMS.
 */

/** The SMS as the matcher reads it. */
export interface SmsFacts {
  id: string;
  /** The number whose phone received it (from its device key, never from the text). */
  receivingNumber: string;
  provider: SmsProvider;
  amount: number;
  trxId: string;
  /** The provider's time of the payment, ISO. */
  at: string;
  chain: ChainVerdict;
}

/** A waiting TrxID request naming the SMS's TrxID. */
export interface RequestFacts {
  id: string;
  amount: number;
  paymentMethod: string;
  transactionId: string;
  /** The receiving number the buyer was shown (absent: none recorded, so never matched). */
  receivingNumber?: string;
  createdAt: string;
}

/** What the shop knows of the TrxID besides this SMS. */
export interface TrxFacts {
  /** A request already credited with this TrxID (by an SMS or an admin). */
  creditedPaymentId?: string;
  /** How many other SMS name this TrxID (a replayed or forwarded copy, or a forgery). */
  otherSms: number;
}

export type MatchDecision =
  | { kind: 'credit'; paymentId: string }
  | { kind: 'review'; control: SmsControl; paymentIds: string[] }
  /** No request names the TrxID yet: the SMS waits for one. */
  | { kind: 'wait' };

/** TrxIDs compare as the shop stores them: trimmed, upper case. */
const normaliseTrxId = (trx: string) => trx.trim().toUpperCase();

const MINUTE = 60_000;

/** The SMS's own time lies in the request's window: paid before asking, within the clock skew after. */
export function inWindow(smsAt: string, requestCreatedAt: string): boolean {
  const at = Date.parse(smsAt);
  const created = Date.parse(requestCreatedAt);
  if (!Number.isFinite(at) || !Number.isFinite(created)) return false;
  return (
    at >= created - SMS_WINDOW.paidBeforeMinutes * MINUTE &&
    at <= created + SMS_WINDOW.clockSkewMinutes * MINUTE
  );
}

/** The first control one request fails against the SMS, or undefined when all pass. */
function failedControl(sms: SmsFacts, request: RequestFacts, trx: TrxFacts): SmsControl | undefined {
  if (trx.creditedPaymentId !== undefined) return 'trxid_used';
  if (trx.otherSms > 0) return 'duplicate_sms';
  if (request.paymentMethod !== sms.provider) return 'provider';
  if (request.amount !== sms.amount) return 'amount';
  if (request.receivingNumber === undefined || request.receivingNumber !== sms.receivingNumber)
    return 'receiving_number';
  if (!inWindow(sms.at, request.createdAt)) return 'time_window';
  // The account's first SMS has no previous balance to check: the admin's, like a broken link.
  if (sms.chain !== 'ok') return 'balance_chain';
  return undefined;
}

/**
 * The decision for one SMS and the waiting requests naming its TrxID. Exactly one request passing
 * every control is credited; two requests naming one TrxID go to review together (the admin
 * compares their sender numbers), as does anything failing a control.
 */
export function matchSms(sms: SmsFacts, requests: readonly RequestFacts[], trx: TrxFacts): MatchDecision {
  const named = requests.filter((r) => normaliseTrxId(r.transactionId) === normaliseTrxId(sms.trxId));
  if (named.length === 0)
    return trx.creditedPaymentId !== undefined || trx.otherSms > 0
      ? {
          kind: 'review',
          control: trx.creditedPaymentId !== undefined ? 'trxid_used' : 'duplicate_sms',
          paymentIds: [],
        }
      : { kind: 'wait' };
  const ids = named.map((r) => r.id);
  if (named.length > 1) {
    const shared = failedControl(sms, named[0]!, trx);
    return {
      kind: 'review',
      control: shared === 'trxid_used' || shared === 'duplicate_sms' ? shared : 'claimed_twice',
      paymentIds: ids,
    };
  }
  const control = failedControl(sms, named[0]!, trx);
  return control ? { kind: 'review', control, paymentIds: ids } : { kind: 'credit', paymentId: named[0]!.id };
}

/** An SMS naming the TrxID, with where it stands. */
export interface StoredSms extends SmsFacts {
  status: 'waiting' | 'matched' | 'review';
}

/** What to write for one TrxID: at most one credit, and the SMS and requests sent to review. */
export interface TrxIdActions {
  credit?: { smsId: string; paymentId: string };
  reviewSms: Array<{ smsId: string; control: SmsControl; paymentId?: string }>;
  reviewRequests: Array<{ paymentId: string; control: SmsControl; smsId?: string }>;
}

/**
 * Everything the shop knows of one TrxID (every SMS naming it, its waiting requests not yet sent
 * to review, the request credited with it) decided at once: the same answer whichever arrived
 * first, so the stream's consumer runs it on every new SMS and every new request alike.
 */
export function decideTrxId(input: {
  sms: readonly StoredSms[];
  requests: readonly RequestFacts[];
  creditedPaymentId?: string;
}): TrxIdActions {
  const actions: TrxIdActions = { reviewSms: [], reviewRequests: [] };
  const waiting = input.sms.filter((s) => s.status === 'waiting');
  for (const sms of waiting) {
    const decision = matchSms(sms, input.requests, {
      ...(input.creditedPaymentId !== undefined && { creditedPaymentId: input.creditedPaymentId }),
      otherSms: input.sms.length - 1,
    });
    if (decision.kind === 'credit') actions.credit = { smsId: sms.id, paymentId: decision.paymentId };
    if (decision.kind !== 'review') continue;
    actions.reviewSms.push({
      smsId: sms.id,
      control: decision.control,
      ...(decision.paymentIds.length === 1 && { paymentId: decision.paymentIds[0] }),
    });
    for (const paymentId of decision.paymentIds)
      if (!actions.reviewRequests.some((r) => r.paymentId === paymentId))
        actions.reviewRequests.push({ paymentId, control: decision.control, smsId: sms.id });
  }
  // Its SMS was already decided (credited or sent to review): a request naming it later is the
  // admin's to compare, never credited.
  const decided = input.sms.find((s) => s.status !== 'waiting');
  if (waiting.length === 0 && decided)
    for (const r of input.requests)
      if (normaliseTrxId(r.transactionId) === normaliseTrxId(decided.trxId))
        actions.reviewRequests.push({
          paymentId: r.id,
          control: input.creditedPaymentId !== undefined ? 'trxid_used' : 'claimed_twice',
          smsId: decided.id,
        });
  return actions;
}
