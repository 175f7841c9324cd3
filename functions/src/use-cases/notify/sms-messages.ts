import { formatTaka } from '@khelaghor/contract';
import { firstInOnePart } from './sms-length';
import { REFUND_TO_EN } from './buyer-messages';
import { smsBn } from './sms-messages-bn';

/**
 * The buyer's SMS (docs/notifications.md, "SMS"): one short text per fact, in the buyer's
 * language, in one SMS part wherever the facts allow it. English stays in the GSM alphabet (160
 * characters a part): money as "Tk 1,234.00", never the taka sign, which would make it UCS-2 (70).
 * Bangla is UCS-2 (70 a part), so each message is a list of candidates, richest first, and the
 * first that fits one part is sent (the package name goes first, then the extras).
 */
interface ReceiptSms {
  brand: string;
  /** The package ("Free Fire - 100 Diamonds"), in the buyer's language. */
  what?: string;
  /** The code, or the top-up's transaction id, already masked (contract/src/code-mask.ts). */
  code?: { kind: 'code' | 'topup'; masked: string };
}
interface FailedSms {
  brand: string;
  paymentKind: string;
  reason: string;
  amount: number;
  what?: string;
}
interface RefundSms {
  brand: string;
  amount: number;
  balanceAfter: number;
  what?: string;
  /** Not to the wallet: bkash, nagad, rocket or send_money. */
  to?: string;
}
interface CreditSms {
  brand: string;
  amount: number;
  balanceAfter: number;
}

export interface SmsTexts {
  receipt(d: ReceiptSms): string;
  paymentFailed(d: FailedSms): string;
  refund(d: RefundSms): string;
  topupCredited(d: CreditSms): string;
  /** The phone verification code (account/phone-verification). */
  phoneCode(d: { brand: string; code: string; minutes: number }): string;
}

/** Taka in the GSM alphabet. */
const tk = (poisha: number) => `Tk ${formatTaka(poisha, 'en').replace(/^৳/, '')}`;

const FAILURE_EN: Record<string, string> = {
  expired: 'time ran out',
  gateway_error: 'the gateway failed',
  underpaid: 'less than the price was paid',
  failed: 'the gateway said it failed',
};

const en: SmsTexts = {
  receipt({ brand, what, code }) {
    const tail = !code
      ? 'See it in My Orders.'
      : code.kind === 'code'
        ? `Code ${code.masked} (the whole code is in My Codes).`
        : `Ref ${code.masked}.`;
    const done = code?.kind === 'topup' ? 'top-up' : 'order';
    return firstInOnePart([
      what && `${brand}: your ${done} ${what} is complete. ${tail}`,
      `${brand}: your ${done} is complete. ${tail}`,
      code && `${brand}: ${done} complete. ${code.kind === 'code' ? 'Code' : 'Ref'} ${code.masked}`,
    ]);
  },
  paymentFailed({ brand, paymentKind, reason, amount, what }) {
    const why = FAILURE_EN[reason] ?? FAILURE_EN.failed!;
    if (paymentKind !== 'order')
      return firstInOnePart([
        `${brand}: your top-up of ${tk(amount)} did not complete (${why}). Nothing was added to your wallet.`,
        `${brand}: your top-up of ${tk(amount)} did not complete.`,
      ]);
    return firstInOnePart([
      what &&
        `${brand}: your payment of ${tk(amount)} for ${what} did not complete (${why}). You can order again.`,
      `${brand}: your payment of ${tk(amount)} did not complete (${why}). You can order again.`,
      `${brand}: your payment of ${tk(amount)} did not complete.`,
    ]);
  },
  refund({ brand, amount, balanceAfter, what, to }) {
    if (to) {
      const where = REFUND_TO_EN[to] ?? REFUND_TO_EN.send_money!;
      return firstInOnePart([
        what && `${brand}: ${tk(amount)} refunded ${where} for ${what}.`,
        `${brand}: ${tk(amount)} refunded ${where}.`,
      ]);
    }
    return firstInOnePart([
      what && `${brand}: ${tk(amount)} refunded to your wallet for ${what}. New balance ${tk(balanceAfter)}.`,
      `${brand}: ${tk(amount)} refunded to your wallet. New balance ${tk(balanceAfter)}.`,
    ]);
  },
  topupCredited({ brand, amount, balanceAfter }) {
    return `${brand}: ${tk(amount)} added to your wallet (top-up). New balance ${tk(balanceAfter)}.`;
  },
  phoneCode({ brand, code, minutes }) {
    return firstInOnePart([
      `${brand}: your phone verification code is ${code}. It expires in ${minutes} minutes. Never share it.`,
      `${code} is your ${brand} code.`,
    ]);
  },
};

export type SmsLang = 'bn' | 'en';
/** One complete set per language: TypeScript refuses a language that lacks a message. */
export const SMS_TEXTS: Record<SmsLang, SmsTexts> = { en, bn: smsBn };
