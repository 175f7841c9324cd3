import { maskCode } from '@khelaghor/contract/code-mask';
import { describe, expect, it } from 'vitest';
import { SMS_TEXTS, type SmsLang } from './sms-messages';
import { firstInOnePart, smsParts } from './sms-length';

/**
 * Every SMS in both languages, with long but real values (the longest package names of the demo
 * catalogue and then some, a 16-character voucher code, five-figure amounts): one part each, in
 * the encoding the language implies (English GSM-7 160, Bangla UCS-2 70).
 */
const LONG = {
  en: 'PUBG Mobile - 8100 UC + 2700 Bonus UC (Global)',
  bn: 'পাবজি মোবাইল - ৮১০০ ইউসি + ২৭০০ বোনাস ইউসি',
};
const CODE = maskCode('GPLY-7X2K-99QZ-AB12');
const BRAND = { en: 'Khelaghor', bn: 'খেলাঘর' };
const AMOUNT = 1_234_500; // ৳12,345.00
const BALANCE = 9_876_550;

const all = (lang: SmsLang): Array<[string, string]> => {
  const t = SMS_TEXTS[lang];
  const brand = BRAND[lang];
  const what = LONG[lang];
  return [
    ['receipt with code', t.receipt({ brand, what, code: { kind: 'code', masked: CODE } })],
    [
      'receipt of a top-up',
      t.receipt({ brand, what, code: { kind: 'topup', masked: maskCode('MG2026112712345678') } }),
    ],
    ['receipt with neither', t.receipt({ brand, what })],
    [
      'order payment failed',
      t.paymentFailed({ brand, paymentKind: 'order', reason: 'expired', amount: AMOUNT, what }),
    ],
    [
      'top-up payment failed',
      t.paymentFailed({ brand, paymentKind: 'topup', reason: 'gateway_error', amount: AMOUNT }),
    ],
    ['refund', t.refund({ brand, amount: AMOUNT, balanceAfter: BALANCE, what })],
    ['top-up credited', t.topupCredited({ brand, amount: AMOUNT, balanceAfter: BALANCE })],
    ['phone code', t.phoneCode({ brand, code: '482913', minutes: 10 })],
  ];
};

describe('SMS lengths', () => {
  it.each(all('en'))('English %s is one GSM-7 part (160)', (_name, text) => {
    expect(smsParts(text)).toEqual({ encoding: 'GSM-7', parts: 1 });
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it.each(all('bn'))('Bangla %s is one UCS-2 part (70)', (_name, text) => {
    expect(smsParts(text)).toEqual({ encoding: 'UCS-2', parts: 1 });
    expect(text.length).toBeLessThanOrEqual(70);
  });

  it('counts GSM-7 and UCS-2 parts as the operators do', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'GSM-7', parts: 1 });
    expect(smsParts('a'.repeat(161))).toEqual({ encoding: 'GSM-7', parts: 2 });
    // The taka sign alone makes a message UCS-2: English SMS write "Tk".
    expect(smsParts('৳100')).toEqual({ encoding: 'UCS-2', parts: 1 });
    expect(smsParts('অ'.repeat(70)).parts).toBe(1);
    expect(smsParts('অ'.repeat(71)).parts).toBe(2);
    // A conjunct is several UTF-16 units, and UCS-2 counts units, not letters.
    expect(smsParts('অর্ডার'.repeat(12).slice(0, 71)).parts).toBe(2);
  });

  it('takes the richest candidate that fits, else the plainest', () => {
    expect(firstInOnePart(['x'.repeat(161), 'short', 'shorter'])).toBe('short');
    expect(firstInOnePart([undefined, 'x'.repeat(200), 'y'.repeat(170)])).toBe('y'.repeat(170));
  });
});

describe('SMS texts', () => {
  it('carry the masked code, never the code', () => {
    for (const lang of ['en', 'bn'] as const) {
      const text = SMS_TEXTS[lang].receipt({ brand: BRAND[lang], code: { kind: 'code', masked: CODE } });
      expect(text).toContain('GPLY***********AB12');
      expect(text).not.toContain('7X2K');
    }
  });

  it('keep the package name when it fits and drop it when it does not', () => {
    const short = SMS_TEXTS.bn.receipt({
      brand: 'খেলাঘর',
      what: 'ফ্রি ফায়ার - ১০০',
      code: { kind: 'code', masked: 'AB12' },
    });
    expect(short).toContain('ফ্রি ফায়ার - ১০০');
    const long = SMS_TEXTS.bn.receipt({
      brand: 'খেলাঘর',
      what: LONG.bn,
      code: { kind: 'code', masked: CODE },
    });
    expect(long).not.toContain('পাবজি');
    expect(long).toContain(CODE);
  });

  it('write English money in the GSM alphabet and Bangla money in Bangla digits', () => {
    const en = SMS_TEXTS.en.topupCredited({ brand: 'Khelaghor', amount: 50_000, balanceAfter: 123_456 });
    expect(en).toBe('Khelaghor: Tk 500.00 added to your wallet (top-up). New balance Tk 1,234.56.');
    const bn = SMS_TEXTS.bn.topupCredited({ brand: 'খেলাঘর', amount: 50_000, balanceAfter: 123_456 });
    expect(bn).toContain('৳৫০০.০০');
    expect(bn).toContain('৳১,২৩৪.৫৬');
    expect(bn).not.toMatch(/[0-9]/);
  });
});
