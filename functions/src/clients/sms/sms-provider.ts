/**
 * One interface for the bulk-SMS provider the shop sends buyers' SMS through (docs/notifications.md,
 * "SMS"). Each send carries our reference for the message (the provider's client message id where
 * it takes one), has a timeout, and names its outcome like the supplier adapters do
 * (clients/suppliers/supplier.ts):
 * - `sent`: the provider took the message (or told us it already had one with our reference);
 * - `refused`: a clear no (bad number, bad credentials, no balance, a text it will not carry);
 *   sending it again gets the same answer;
 * - `unknown`: no answer we can trust (timeout, 5xx, a garbled body). The SMS may or may not have
 *   gone. Whether it may be sent again is the provider's `dedupesReference`: only a provider that
 *   refuses a second message with the same reference can be asked again without a blind resend.
 */
export type SmsOutcome =
  | { kind: 'sent'; providerId: string; duplicate?: true }
  | { kind: 'refused'; reason: string; code?: string }
  | { kind: 'unknown'; why: string };

export interface SmsMessage {
  /** A Bangladeshi mobile number, 11 digits, `01XXXXXXXXX` (the adapter writes it as its API wants). */
  to: string;
  text: string;
  /** Ours, unique per message (at most 20 characters: smsReference): the provider's client message id. */
  reference: string;
}

export interface SmsProvider {
  readonly name: 'ssl-wireless';
  /**
   * True when the provider refuses a second message with a reference it has already seen: a
   * message whose outcome was unknown may then be sent again with the same reference. False:
   * an unknown outcome is final (the notice is kept as `unknown`, never sent again).
   */
  readonly dedupesReference: boolean;
  send(message: SmsMessage): Promise<SmsOutcome>;
}
