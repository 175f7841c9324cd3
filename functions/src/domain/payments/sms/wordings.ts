import type { SmsProvider, SmsType } from './sms-types';

/**
 * The wordings the parsers know, one per provider, transaction type and language. Each is a
 * whole-message pattern (anchored at both ends: a forwarded or padded text does not fit) with
 * named groups: amount, from, balance, trx, at and, where the provider carries one, ref.
 *
 * Reconstructed from the wordings the providers send today (docs/sms-payments.md): every one
 * must be checked against a real phone's SMS before the shop credits from it, and a new wording
 * is a new entry here with its fixture, never a looser pattern.
 */
export interface Wording {
  id: string;
  provider: SmsProvider;
  type: SmsType;
  lang: 'en' | 'bn';
  pattern: RegExp;
  /** How the `at` group is written. */
  time: 'day-first' | 'rocket';
  /** How the `from` group is written. */
  number: 'mobile' | 'rocket-account';
}

const ASCII = '[0-9]';
const BANGLA = '[০-৯]';
const money = (d: string) => `(?:${d}{1,3}(?:,${d}{3})+|${d}+)(?:\\.${d}{1,2})?`;
/** Loose on purpose: the value is checked afterwards (mobileOf), so a bad number is `bad_value`. */
const number = (d: string) => `\\+?${d}{10,13}`;
const dayFirst = (d: string) => `${d}{2}/${d}{2}/${d}{4} ${d}{2}:${d}{2}`;
/** A payer-typed reference: bounded, one line (checked for forged-looking content afterwards). */
const REF = '(?<ref>[^\\n]{0,50}?)';
const BKASH_TRX = '(?<trx>[A-Z0-9]{10})';
const NAGAD_TRX = '(?<trx>[A-Z0-9]{8})';
const ROCKET_TRX = '(?<trx>[0-9]{10})';

const whole = (source: string) => new RegExp(`^${source}$`);

type Entry = Pick<Wording, 'id' | 'type' | 'pattern'> & { lang?: Wording['lang'] };
const of =
  (provider: SmsProvider, time: Wording['time'], number: Wording['number']) =>
  (e: Entry): Wording => ({ lang: 'en', ...e, provider, time, number });

const bkashTail = (d: string) =>
  `\\. Fee Tk (?<fee>${money(d)})\\. Balance Tk (?<balance>${money(d)})\\. TrxID ${BKASH_TRX} at (?<at>${dayFirst(d)})`;

const bkash: Wording[] = (
  [
    {
      id: 'bkash-send-money-en',
      type: 'send_money_received',
      pattern: whole(
        `You have received Tk (?<amount>${money(ASCII)}) from (?<from>${number(ASCII)})(?:\\. Ref ${REF})?${bkashTail(ASCII)}`,
      ),
    },
    {
      id: 'bkash-cash-in-en',
      type: 'cash_in',
      pattern: whole(
        `Cash In Tk (?<amount>${money(ASCII)}) from (?<from>${number(ASCII)}) successful${bkashTail(ASCII)}(?:\\. Download App: https://bKa\\.sh/[A-Za-z0-9]{1,12})?`,
      ),
    },
    {
      id: 'bkash-payment-en',
      type: 'payment_received',
      pattern: whole(
        `You have received payment Tk (?<amount>${money(ASCII)}) from (?<from>${number(ASCII)})(?:\\. Ref ${REF})?${bkashTail(ASCII)}`,
      ),
    },
    {
      id: 'bkash-send-money-bn',
      type: 'send_money_received',
      lang: 'bn',
      pattern: whole(
        `আপনি (?<from>${number(BANGLA)}) নম্বর থেকে ৳(?<amount>${money(BANGLA)}) গ্রহণ করেছেন।(?: রেফারেন্স: ${REF}।)? ফি: ৳(?<fee>${money(BANGLA)})। ব্যালেন্স: ৳(?<balance>${money(BANGLA)})। TrxID: ${BKASH_TRX}, সময়: (?<at>${dayFirst(BANGLA)})`,
      ),
    },
    {
      id: 'bkash-cash-in-bn',
      type: 'cash_in',
      lang: 'bn',
      pattern: whole(
        `ক্যাশ ইন ৳(?<amount>${money(BANGLA)}) (?<from>${number(BANGLA)}) নম্বর থেকে সফল হয়েছে। ফি: ৳(?<fee>${money(BANGLA)})। ব্যালেন্স: ৳(?<balance>${money(BANGLA)})। TrxID: ${BKASH_TRX}, সময়: (?<at>${dayFirst(BANGLA)})`,
      ),
    },
  ] satisfies Entry[]
).map(of('bkash', 'day-first', 'mobile'));

const NAGAD_EN = { amount: 'Amount', ref: 'Ref', balance: 'Balance', tk: 'Tk ' };
const NAGAD_BN = { amount: 'পরিমাণ', ref: 'রেফারেন্স', balance: 'ব্যালেন্স', tk: '৳' };
const nagadLines = (d: string, first: string, who: string, ref: boolean, labels = NAGAD_EN) =>
  whole(
    [
      first,
      `${labels.amount}: ${labels.tk}(?<amount>${money(d)})`,
      `${who}: (?<from>${number(d)})`,
      ...(ref ? [`${labels.ref}: ${REF}`] : []),
      `TxnID: ${NAGAD_TRX}`,
      `${labels.balance}: ${labels.tk}(?<balance>${money(d)})`,
      `(?<at>${dayFirst(d)})`,
    ].join('\\n'),
  );

const nagad: Wording[] = (
  [
    {
      id: 'nagad-send-money-en',
      type: 'send_money_received',
      pattern: nagadLines(ASCII, 'Money Received\\.', 'Sender', true),
    },
    {
      id: 'nagad-cash-in-en',
      type: 'cash_in',
      pattern: nagadLines(ASCII, 'Cash In Received\\.', 'Uddokta', false),
    },
    {
      id: 'nagad-payment-en',
      type: 'payment_received',
      pattern: nagadLines(ASCII, 'Payment Received\\.', 'Customer', false),
    },
    {
      id: 'nagad-send-money-bn',
      type: 'send_money_received',
      lang: 'bn',
      pattern: nagadLines(BANGLA, 'টাকা গ্রহণ সফল।', 'প্রেরক', true, NAGAD_BN),
    },
    {
      id: 'nagad-cash-in-bn',
      type: 'cash_in',
      lang: 'bn',
      pattern: nagadLines(BANGLA, 'ক্যাশ ইন সফল।', 'উদ্যোক্তা', false, NAGAD_BN),
    },
  ] satisfies Entry[]
).map(of('nagad', 'day-first', 'mobile'));

const rocketTail = `Fee:Tk(?<fee>${money(ASCII)}), Your A/C Balance: Tk(?<balance>${money(ASCII)}) TxnId:${ROCKET_TRX} Date:(?<at>[0-9]{2}-[A-Z]{3}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} [ap]m)`;
const rocketFrom = `A/C:(?<from>${number(ASCII)})`;

// Rocket (DBBL) sends English only.
const rocket: Wording[] = (
  [
    {
      id: 'rocket-send-money-en',
      type: 'send_money_received',
      pattern: whole(`Tk(?<amount>${money(ASCII)}) received from ${rocketFrom} ${rocketTail}`),
    },
    {
      id: 'rocket-cash-in-en',
      type: 'cash_in',
      pattern: whole(`Cash In Tk(?<amount>${money(ASCII)}) from ${rocketFrom} ${rocketTail}`),
    },
    {
      id: 'rocket-payment-en',
      type: 'payment_received',
      pattern: whole(`Tk(?<amount>${money(ASCII)}) payment received from ${rocketFrom} ${rocketTail}`),
    },
  ] satisfies Entry[]
).map(of('rocket', 'rocket', 'rocket-account'));

export const WORDINGS: readonly Wording[] = [...bkash, ...nagad, ...rocket];

/**
 * The senders each provider's SMS come from, as a phone shows them. An SMS from anyone else
 * (a personal number pasting a bKash-like text, 'bKash-Info', '+8801...') is never read.
 */
export const SMS_SENDERS: Readonly<Record<string, SmsProvider>> = {
  bKash: 'bkash',
  NAGAD: 'nagad',
  Nagad: 'nagad',
  '16216': 'rocket',
};
