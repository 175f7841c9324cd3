import type { ParsedSms, SmsReading } from './sms-types';
import { dayFirstTimeOf, mobileOf, poishaOf, rocketAccountOf, rocketTimeOf } from './sms-values';
import { SMS_SENDERS, WORDINGS, type Wording } from './wordings';

/** A reference the payer typed that carries the SMS's own fields: someone crafting a fake. */
const FORGED_REF = /trx ?id|txn ?id|balance|\bfee\b|\btk\b|tk ?\d|৳|ব্যালেন্স/i;

/**
 * Reads one SMS the shop's phone received. Only the provider's own sender, and a text that one
 * known wording fits from its first character to its last, with every value possible; anything
 * else is `unparsed`, so it is kept for the admin and never matched against a request.
 */
export function parseSms(sms: { sender: string; text: string }): SmsReading {
  const provider = SMS_SENDERS[sms.sender.trim()];
  if (!provider) return { kind: 'unparsed', reason: 'unknown_sender' };
  // Phones and forwarders differ only in line endings and the outer whitespace.
  const text = sms.text.replace(/\r\n?/g, '\n').trim();
  const fits = WORDINGS.filter((w) => w.provider === provider)
    .map((w) => ({ wording: w, groups: w.pattern.exec(text)?.groups }))
    .filter((f): f is { wording: Wording; groups: Record<string, string> } => f.groups !== undefined);
  if (fits.length !== 1) return { kind: 'unparsed', reason: 'unknown_wording' };
  const parsed = readValues(fits[0]!.wording, fits[0]!.groups);
  return parsed ?? { kind: 'unparsed', reason: 'bad_value' };
}

function readValues(w: Wording, g: Record<string, string>): ParsedSms | undefined {
  if (g.ref !== undefined && FORGED_REF.test(g.ref)) return undefined;
  const amountPoisha = poishaOf(g.amount!);
  const balancePoisha = poishaOf(g.balance!);
  const counterpartyNumber = w.number === 'mobile' ? mobileOf(g.from!) : rocketAccountOf(g.from!);
  const at = w.time === 'day-first' ? dayFirstTimeOf(g.at!) : rocketTimeOf(g.at!);
  if (amountPoisha === undefined || balancePoisha === undefined || !counterpartyNumber || !at)
    return undefined;
  if (amountPoisha <= 0) return undefined;
  return {
    kind: 'parsed',
    provider: w.provider,
    type: w.type,
    wording: w.id,
    amountPoisha,
    trxId: g.trx!.trim().toUpperCase(),
    counterpartyNumber,
    balancePoisha,
    at,
  };
}
