import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BUYER_MAILS } from '../functions/src/use-cases/notify/buyer-mails';
import type { ReceiptData } from '../functions/src/use-cases/notify/buyer-messages';
import { AUTH_TEXTS } from '../functions/src/use-cases/notify/auth-messages';
import type { MailContent } from '../functions/src/use-cases/notify/mail-layout';
import { SMS_TEXTS, type SmsTexts } from '../functions/src/use-cases/notify/sms-messages';
import { announcementBn, productsBn, slidesBn } from '../local/src/seed-catalog-bn';
import { bodiesBn, faqBn, titlesBn } from '../local/src/seed-pages-bn';

/**
 * The shop's Bangla texts gathered for bangla-consistency.test.ts: each beside its English
 * counterpart where it has one (the SPA's catalogues key by key, the mails field by field), and
 * where it is one, the text itself (the demo shop's Bangla content).
 */
export interface Pair {
  /** Where the text lives: 'web/src/shared/api:player_uid_invalid', 'mail receipt rows[3]'. */
  where: string;
  en: string;
  bn: string;
}

const root = new URL('..', import.meta.url).pathname;

function catalogueDirs(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.name === 'i18n' && existsSync(join(path, 'en.json'))) found.push(path);
    else found.push(...catalogueDirs(path));
  }
  return found;
}

/** Every key of every web/src/**\/i18n/{en,bn}.json. */
export function cataloguePairs(): Pair[] {
  return catalogueDirs(join(root, 'web/src')).flatMap((dir) => {
    const read = (locale: string) =>
      JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
    const en = read('en');
    const bn = read('bn');
    const where = relative(root, dir).replace(/\/i18n$/, '');
    return Object.keys(en).map((key) => ({ where: `${where}:${key}`, en: en[key]!, bn: bn[key] ?? '' }));
  });
}

/**
 * The literal words of an ICU message: {placeholders}, # and numbered tags left out, plural and
 * select branches kept (their selectors, such as =0, are syntax).
 */
export function literalText(message: string): string {
  let out = '';
  let i = 0;
  const branchText = (): string => {
    // At '{' of a branch: its message up to the matching '}'.
    let depth = 0;
    const start = i;
    for (; i < message.length; i++) {
      if (message[i] === '{') depth++;
      else if (message[i] === '}' && --depth === 0) break;
    }
    return literalText(message.slice(start + 1, i++));
  };
  while (i < message.length) {
    const c = message[i]!;
    if (c === '<') {
      // A numbered tag (<0>…</0>, <1/>) is markup around the words.
      const tag = /^<\/?\d+\/?>/.exec(message.slice(i));
      if (tag) {
        out += ' ';
        i += tag[0].length;
        continue;
      }
    }
    if (c !== '{') {
      out += c === '#' ? ' ' : c;
      i++;
      continue;
    }
    const close = message.indexOf('}', i);
    const comma = message.indexOf(',', i);
    if (comma === -1 || comma > close) {
      out += ' ';
      i = close + 1;
      continue;
    }
    // {name, plural|select|selectordinal, selector {message} ...}
    i = message.indexOf(',', comma + 1) + 1;
    while (i < message.length && message[i] !== '}') {
      if (message[i] === '{') out += ` ${branchText()} `;
      else i++;
    }
    i++;
  }
  return out;
}

// Sample data without digits of its own, so a Latin digit in a Bangla mail is the template's.
const receipt: ReceiptData = {
  orderId: 'ord-abc',
  productName: 'Free Fire Diamonds',
  variantName: 'Diamonds',
  productNameBn: 'ফ্রি ফায়ার ডায়মন্ড',
  variantNameBn: 'ডায়মন্ড',
  playerUid: 'uid',
  playerZone: 'zone',
  redeemSteps: [],
  redeemUrl: 'https://example.com/redeem',
  total: 12_300,
  paymentMethod: 'wallet',
  code: 'CODE-ABC',
};
const SHOP = 'https://shop.example';

/** Every buyer and account mail, in each of its variants, as [name, English, Bangla]. */
function mails(): Array<[string, MailContent, MailContent]> {
  const both = (name: string, make: (m: (typeof BUYER_MAILS)['en']) => MailContent) =>
    [name, make(BUYER_MAILS.en), make(BUYER_MAILS.bn)] as [string, MailContent, MailContent];
  const list = [
    both('receipt', (m) => m.receipt(SHOP, receipt)),
    ...['expired', 'gateway_error', 'failed', 'underpaid'].flatMap((reason) =>
      ['order', 'topup'].map((paymentKind) =>
        both(`paymentFailed ${paymentKind} ${reason}`, (m) =>
          m.paymentFailed(SHOP, { paymentKind, reason, amount: 500, orderId: 'ord-abc', what: 'x' }),
        ),
      ),
    ),
    both('refund', (m) => m.refund(SHOP, { orderId: 'ord-abc', amount: 500, balanceAfter: 900, what: 'x' })),
    ...['topup', 'manual_topup', 'unexpected_payment', 'late_payment', 'adjustment'].map((reason) =>
      both(`walletCredit ${reason}`, (m) => m.walletCredit(SHOP, { reason, amount: 500, balanceAfter: 900 })),
    ),
    both('trxIdRejected', (m) => m.trxIdRejected(SHOP, { amount: 500, trxId: 'TRX', note: 'x' })),
  ];
  const auth = Object.keys(AUTH_TEXTS.en).map((kind) => {
    const make = (lang: 'en' | 'bn') =>
      AUTH_TEXTS[lang][kind as keyof (typeof AUTH_TEXTS)['en']]({ code: '{####}', username: 'u', hi: [] });
    return [`auth ${kind}`, make('en'), make('bn')] as [string, MailContent, MailContent];
  });
  return [...list, ...auth];
}

/** The buyer's SMS (sms-messages.ts), each message whole, with short values so every part of it is sent. */
function smsPairs(): Pair[] {
  const texts = (t: SmsTexts, brand: string): Record<string, string> => ({
    receipt: t.receipt({ brand, code: { kind: 'code', masked: 'ABCD****WXYZ' } }),
    'receipt topup': t.receipt({ brand, code: { kind: 'topup', masked: 'MGAB****WXYZ' } }),
    'receipt plain': t.receipt({ brand }),
    ...Object.fromEntries(
      ['expired', 'gateway_error', 'failed', 'underpaid'].flatMap((reason) =>
        ['order', 'topup'].map((paymentKind) => [
          `paymentFailed ${paymentKind} ${reason}`,
          t.paymentFailed({ brand, paymentKind, reason, amount: 500 }),
        ]),
      ),
    ),
    refund: t.refund({ brand, amount: 500, balanceAfter: 900 }),
    topupCredited: t.topupCredited({ brand, amount: 500, balanceAfter: 900 }),
    phoneCode: t.phoneCode({ brand, code: '{######}', minutes: 10 }),
  });
  const en = texts(SMS_TEXTS.en, 'Khelaghor');
  const bn = texts(SMS_TEXTS.bn, 'খেলাঘর');
  return Object.keys(en).map((name) => ({ where: `sms ${name}`, en: en[name]!, bn: bn[name]! }));
}

/** The mails' texts, field by field (the same shape in both languages), and the SMS. */
export function mailPairs(): Pair[] {
  return [...smsPairs(), ...mailFieldPairs()];
}

function mailFieldPairs(): Pair[] {
  return mails().flatMap(([name, en, bn]) => {
    const pairs: Pair[] = [];
    const add = (field: string, e: string | undefined, b: string | undefined) => {
      if (e !== undefined || b !== undefined)
        pairs.push({ where: `mail ${name} ${field}`, en: e ?? '', bn: b ?? '' });
    };
    add('subject', en.subject, bn.subject);
    add('title', en.title, bn.title);
    en.lines.forEach((line, i) => add(`lines[${i}]`, line, bn.lines[i]));
    (en.rows ?? []).forEach(([label], i) => add(`rows[${i}]`, label, bn.rows?.[i]?.[0]));
    add('codeLabel', en.code ? (en.codeLabel ?? 'Code') : undefined, bn.code ? bn.codeLabel : undefined);
    add('steps', en.steps?.title, bn.steps?.title);
    (en.steps?.items ?? []).forEach((step, i) => add(`steps[${i}]`, step, bn.steps?.items[i]));
    add('action', en.action?.label, bn.action?.label);
    add('footer', en.footer, bn.footer);
    return pairs;
  });
}

/** The demo shop's Bangla content (local/src/seed-*-bn.ts), text by text. */
export function seedTexts(): Array<{ where: string; bn: string }> {
  const texts: Array<{ where: string; bn: string }> = [];
  const walk = (where: string, value: unknown) => {
    if (typeof value === 'string') texts.push({ where, bn: value });
    else if (Array.isArray(value)) value.forEach((v, i) => walk(`${where}[${i}]`, v));
    else if (value && typeof value === 'object')
      Object.entries(value).forEach(([k, v]) => walk(`${where}.${k}`, v));
  };
  walk('productsBn', productsBn);
  walk('slidesBn', slidesBn);
  walk('announcementBn', announcementBn);
  walk('titlesBn', titlesBn);
  walk('bodiesBn', bodiesBn);
  walk('faqBn', faqBn);
  return texts;
}
