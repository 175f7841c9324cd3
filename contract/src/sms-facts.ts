/**
 * Facts of the Send Money payments verified from the shop's SMS (docs/sms-payments.md), zod-free
 * like facts.ts so the domain, the data layer and the SPA read the same lists.
 */

/**
 * An SMS the shop's phone forwarded: `unparsed` (no parser reads it with certainty: kept for the
 * admin, never matched), `waiting` (parsed, no request decided with it yet), `matched` (it
 * credited a request), `review` (a request named its TrxID and a control failed).
 */
export const SMS_STATUSES = ['unparsed', 'waiting', 'matched', 'review'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/**
 * The control that failed when an SMS and a TrxID request were not matched, named beside the
 * request in the admin's queue and to the buyer. `claimed_twice`: two waiting requests name the
 * TrxID (the admin compares their sender numbers); `duplicate_sms`: another SMS already named it.
 */
export const SMS_CONTROLS = [
  'amount',
  'receiving_number',
  'provider',
  'time_window',
  'trxid_used',
  'balance_chain',
  'claimed_twice',
  'duplicate_sms',
] as const;
export type SmsControl = (typeof SMS_CONTROLS)[number];

/**
 * A TrxID request's window. The buyer pays first and types the TrxID after, so the SMS's own time
 * must fall between `paidBeforeMinutes` before the request and `clockSkewMinutes` after it; the
 * request waits `waitMinutes` for its SMS (the phone may be slow to forward), then expires and
 * frees its TrxID and its waiting slot.
 */
export const SMS_WINDOW = { paidBeforeMinutes: 120, clockSkewMinutes: 5, waitMinutes: 30 } as const;
