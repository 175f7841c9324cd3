/** What the parsers read out of a Mobile Financial Service's SMS to the shop's receiving phone. */

export type SmsProvider = 'bkash' | 'nagad' | 'rocket';

/** Money that came in: a personal number's Send Money, an agent's Cash In, a merchant Payment. */
export type SmsType = 'send_money_received' | 'cash_in' | 'payment_received';

export interface ParsedSms {
  kind: 'parsed';
  provider: SmsProvider;
  type: SmsType;
  /** Which known wording matched (fixtures/<provider>.json names each). */
  wording: string;
  amountPoisha: number;
  /** Upper case, trimmed: compared with a buyer's TrxID as the shop stores it (keys.trxId). */
  trxId: string;
  /** The payer's (or agent's) number as the SMS gives it, ASCII digits. */
  counterpartyNumber: string;
  /** The receiving number's balance after this payment: the balance chain's link. */
  balancePoisha: number;
  /** When the provider says it happened (Asia/Dhaka time in the SMS), as an ISO UTC instant. */
  at: string;
}

/**
 * An SMS no parser reads with certainty: kept for the admin, never matched. `unknown_sender`: not
 * from an MFS sender; `unknown_wording`: no known wording (or more than one) fits the whole text;
 * `bad_value`: a wording fits but a value is impossible (a 31/02 date, a forged-looking reference).
 */
interface UnparsedSms {
  kind: 'unparsed';
  reason: 'unknown_sender' | 'unknown_wording' | 'bad_value';
}

export type SmsReading = ParsedSms | UnparsedSms;
