import { formatTaka } from '@khelaghor/contract';
import { firstInOnePart } from './sms-length';
import { REFUND_TO_BN } from './buyer-messages-bn';
import type { SmsTexts } from './sms-messages';

/**
 * The buyer's SMS in Bangla (the English ones and the rules: sms-messages.ts). UCS-2: 70
 * characters a part, counted in UTF-16 units (a conjunct like র্ড is three), so these are short,
 * and the package name is the first thing dropped. Money and counts in Bangla digits.
 */
const tk = (poisha: number) => formatTaka(poisha, 'bn');
const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnNumber = (n: number) => String(n).replace(/\d/g, (d) => BN_DIGITS[Number(d)]!);

const FAILURE_BN: Record<string, string> = {
  expired: 'সময় শেষ',
  gateway_error: 'গেটওয়ে সমস্যা',
  underpaid: 'কম টাকা এসেছে',
  failed: 'পেমেন্ট ব্যর্থ',
};

export const smsBn: SmsTexts = {
  receipt({ brand, what, code }) {
    const done = code?.kind === 'topup' ? 'টপ-আপ' : 'অর্ডার';
    const tail = !code
      ? 'দেখুন: আমার অর্ডার।'
      : code.kind === 'code'
        ? `কোড ${code.masked}। পুরো কোড: আমার কোড।`
        : `রেফারেন্স ${code.masked}।`;
    return firstInOnePart([
      what && `${brand}: ${what} সম্পন্ন। ${tail}`,
      `${brand}: ${done} সম্পন্ন। ${tail}`,
      code && `${brand}: ${done} সম্পন্ন। ${code.kind === 'code' ? 'কোড' : 'রেফারেন্স'} ${code.masked}`,
    ]);
  },
  paymentFailed({ brand, paymentKind, reason, amount, what }) {
    const why = FAILURE_BN[reason] ?? FAILURE_BN.failed!;
    if (paymentKind !== 'order')
      return firstInOnePart([
        `${brand}: ${tk(amount)} টপ-আপ হয়নি (${why})। ওয়ালেটে কিছু যোগ হয়নি।`,
        `${brand}: ${tk(amount)} টপ-আপ হয়নি (${why})।`,
      ]);
    return firstInOnePart([
      what && `${brand}: ${what} এর ${tk(amount)} পেমেন্ট হয়নি (${why})।`,
      `${brand}: ${tk(amount)} পেমেন্ট হয়নি (${why})। আবার অর্ডার করতে পারেন।`,
      `${brand}: ${tk(amount)} পেমেন্ট হয়নি (${why})।`,
    ]);
  },
  refund({ brand, amount, balanceAfter, what, to }) {
    if (to) {
      const where = REFUND_TO_BN[to] ?? REFUND_TO_BN.send_money!;
      return firstInOnePart([
        what && `${brand}: ${what} এর ${tk(amount)} ${where} ফেরত।`,
        `${brand}: ${tk(amount)} ${where} ফেরত দেওয়া হয়েছে।`,
      ]);
    }
    return firstInOnePart([
      what && `${brand}: ${what} এর ${tk(amount)} ওয়ালেটে ফেরত। ব্যালেন্স ${tk(balanceAfter)}।`,
      `${brand}: ${tk(amount)} ওয়ালেটে ফেরত দেওয়া হয়েছে। ব্যালেন্স ${tk(balanceAfter)}।`,
      `${brand}: ${tk(amount)} ওয়ালেটে ফেরত। ব্যালেন্স ${tk(balanceAfter)}।`,
    ]);
  },
  topupCredited({ brand, amount, balanceAfter }) {
    return firstInOnePart([
      `${brand}: টপ-আপ সফল, ${tk(amount)} ওয়ালেটে যোগ হয়েছে। ব্যালেন্স ${tk(balanceAfter)}।`,
      `${brand}: ${tk(amount)} ওয়ালেটে যোগ হয়েছে। ব্যালেন্স ${tk(balanceAfter)}।`,
    ]);
  },
  phoneCode({ brand, code, minutes }) {
    // The code stays in Latin digits: it is typed into the form as it is read.
    return firstInOnePart([
      `${brand}: ফোন যাচাই কোড ${code}, মেয়াদ ${bnNumber(minutes)} মিনিট। কাউকে বলবেন না।`,
      `${brand} কোড ${code}। কাউকে বলবেন না।`,
    ]);
  },
};
