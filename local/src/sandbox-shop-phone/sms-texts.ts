/**
 * The SMS a receiving phone gets for a payment, written out the way the providers word them (the
 * parsers' wordings, functions/src/domain/payments/sms/wordings.ts, and their fixtures). The shop
 * phone page composes these; sms-texts.test.ts reads each one back with the shop's own parser.
 */

export type Provider = 'bkash' | 'nagad' | 'rocket';

interface SmsFacts {
  amountPoisha: number;
  /** The payer's (or agent's) number, ASCII digits. */
  from: string;
  trxId: string;
  /** The receiving account's balance after this payment. */
  balancePoisha: number;
  at: Date;
  /** The payer's reference, where the wording carries one. */
  ref?: string;
}

interface WordingText {
  id: string;
  provider: Provider;
  label: string;
  compose: (f: SmsFacts) => string;
}

/** The sender each provider's SMS comes from, as a phone shows it. */
export const SENDER: Record<Provider, string> = { bkash: 'bKash', nagad: 'NAGAD', rocket: '16216' };

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
const bn = (s: string) => s.replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)]!);
const pad = (n: number) => String(n).padStart(2, '0');

/** 123456 poisha -> "1,234.56" (western grouping, as the providers write it). */
function taka(poisha: number): string {
  const whole = Math.floor(poisha / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${pad(poisha % 100)}`;
}

/** The SMS's own clock: Asia/Dhaka (UTC+6, no daylight saving). */
const dhaka = (at: Date) => new Date(at.getTime() + 6 * 3600_000);
const dayFirst = (at: Date) => {
  const d = dhaka(at);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const rocketTime = (at: Date) => {
  const d = dhaka(at);
  const h = d.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${pad(d.getUTCFullYear() % 100)} ${pad(hour12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'am' : 'pm'}`;
};

const bkashTail = (f: SmsFacts) =>
  `. Fee Tk 0.00. Balance Tk ${taka(f.balancePoisha)}. TrxID ${f.trxId} at ${dayFirst(f.at)}`;
const bkashRef = (f: SmsFacts) => (f.ref ? `. Ref ${f.ref}` : '');
const bkashBnTail = (f: SmsFacts) =>
  `ফি: ৳০.০০। ব্যালেন্স: ৳${bn(taka(f.balancePoisha))}। TrxID: ${f.trxId}, সময়: ${bn(dayFirst(f.at))}`;

const nagad = (first: string, who: string, f: SmsFacts, opts: { ref?: boolean; bangla?: boolean } = {}) => {
  const l = opts.bangla
    ? { amount: 'পরিমাণ', ref: 'রেফারেন্স', balance: 'ব্যালেন্স', tk: '৳', n: bn }
    : { amount: 'Amount', ref: 'Ref', balance: 'Balance', tk: 'Tk ', n: (s: string) => s };
  return [
    first,
    `${l.amount}: ${l.tk}${l.n(taka(f.amountPoisha))}`,
    `${who}: ${l.n(f.from)}`,
    ...(opts.ref ? [`${l.ref}: ${f.ref || 'N/A'}`] : []),
    `TxnID: ${f.trxId}`,
    `${l.balance}: ${l.tk}${l.n(taka(f.balancePoisha))}`,
    l.n(dayFirst(f.at)),
  ].join('\n');
};

const rocketTail = (f: SmsFacts) =>
  `A/C:${f.from} Fee:Tk0, Your A/C Balance: Tk${taka(f.balancePoisha)} TxnId:${f.trxId} Date:${rocketTime(f.at)}`;

/** Every wording the shop phone page can send, by the parsers' wording ids. */
export const WORDING_TEXTS: readonly WordingText[] = [
  {
    id: 'bkash-send-money-en',
    provider: 'bkash',
    label: 'bKash Send Money (English)',
    compose: (f) =>
      `You have received Tk ${taka(f.amountPoisha)} from ${f.from}${bkashRef(f)}${bkashTail(f)}`,
  },
  {
    id: 'bkash-send-money-bn',
    provider: 'bkash',
    label: 'bKash Send Money (Bangla)',
    compose: (f) =>
      `আপনি ${bn(f.from)} নম্বর থেকে ৳${bn(taka(f.amountPoisha))} গ্রহণ করেছেন।${f.ref ? ` রেফারেন্স: ${f.ref}।` : ''} ${bkashBnTail(f)}`,
  },
  {
    id: 'bkash-cash-in-en',
    provider: 'bkash',
    label: 'bKash Cash In (English)',
    compose: (f) => `Cash In Tk ${taka(f.amountPoisha)} from ${f.from} successful${bkashTail(f)}`,
  },
  {
    id: 'bkash-cash-in-bn',
    provider: 'bkash',
    label: 'bKash Cash In (Bangla)',
    compose: (f) =>
      `ক্যাশ ইন ৳${bn(taka(f.amountPoisha))} ${bn(f.from)} নম্বর থেকে সফল হয়েছে। ${bkashBnTail(f)}`,
  },
  {
    id: 'bkash-payment-en',
    provider: 'bkash',
    label: 'bKash merchant Payment (English)',
    compose: (f) =>
      `You have received payment Tk ${taka(f.amountPoisha)} from ${f.from}${bkashRef(f)}${bkashTail(f)}`,
  },
  {
    id: 'nagad-send-money-en',
    provider: 'nagad',
    label: 'Nagad Send Money (English)',
    compose: (f) => nagad('Money Received.', 'Sender', f, { ref: true }),
  },
  {
    id: 'nagad-send-money-bn',
    provider: 'nagad',
    label: 'Nagad Send Money (Bangla)',
    compose: (f) => nagad('টাকা গ্রহণ সফল।', 'প্রেরক', f, { ref: true, bangla: true }),
  },
  {
    id: 'nagad-cash-in-en',
    provider: 'nagad',
    label: 'Nagad Cash In (English)',
    compose: (f) => nagad('Cash In Received.', 'Uddokta', f),
  },
  {
    id: 'nagad-cash-in-bn',
    provider: 'nagad',
    label: 'Nagad Cash In (Bangla)',
    compose: (f) => nagad('ক্যাশ ইন সফল।', 'উদ্যোক্তা', f, { bangla: true }),
  },
  {
    id: 'nagad-payment-en',
    provider: 'nagad',
    label: 'Nagad merchant Payment (English)',
    compose: (f) => nagad('Payment Received.', 'Customer', f),
  },
  {
    id: 'rocket-send-money-en',
    provider: 'rocket',
    label: 'Rocket Send Money',
    compose: (f) => `Tk${taka(f.amountPoisha)} received from ${rocketTail(f)}`,
  },
  {
    id: 'rocket-cash-in-en',
    provider: 'rocket',
    label: 'Rocket Cash In',
    compose: (f) => `Cash In Tk${taka(f.amountPoisha)} from ${rocketTail(f)}`,
  },
  {
    id: 'rocket-payment-en',
    provider: 'rocket',
    label: 'Rocket merchant Payment',
    compose: (f) => `Tk${taka(f.amountPoisha)} payment received from ${rocketTail(f)}`,
  },
];

/** A TrxID of the provider's shape: bKash 10 letters and digits, Nagad 8, Rocket 10 digits. */
export function newTrxId(provider: Provider, random: () => number = Math.random): string {
  const chars = provider === 'rocket' ? '0123456789' : 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  const length = provider === 'nagad' ? 8 : 10;
  return Array.from({ length }, () => chars[Math.floor(random() * chars.length)]).join('');
}
