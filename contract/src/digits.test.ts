import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keepDigits, toAsciiDigits } from './digits';

describe('toAsciiDigits', () => {
  it('turns Bangla digits (what a Bangla keyboard types) into ASCII', () => {
    expect(toAsciiDigits('১২৩৪৫৬৭৮৯')).toBe('123456789');
    expect(toAsciiDigits('০১৭১১২২২৩৩৩')).toBe('01711222333');
  });

  it('knows the digits of other scripts too', () => {
    expect(toAsciiDigits('०१२३४५६७८९')).toBe('0123456789'); // Devanagari
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789'); // Arabic-Indic
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789'); // Extended Arabic-Indic (Persian, Urdu)
    expect(toAsciiDigits('０１２３４５６７８９')).toBe('0123456789'); // fullwidth
    expect(toAsciiDigits('𝟎𝟗𝟘𝟡𝟬𝟵')).toBe('090909'); // mathematical, outside the BMP
  });

  it('keeps everything that is not a digit, and mixed text in place', () => {
    expect(toAsciiDigits('+৮৮০ 1711-২২২')).toBe('+880 1711-222');
    expect(toAsciiDigits('TRX৯A১')).toBe('TRX9A1');
    expect(toAsciiDigits('খেলাঘর')).toBe('খেলাঘর');
    expect(toAsciiDigits('')).toBe('');
  });

  it('leaves text without non-ASCII digits unchanged, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = toAsciiDigits(text);
        expect(toAsciiDigits(once)).toBe(once);
        if (!/\p{Nd}/u.test(text.replace(/[0-9]/g, ''))) expect(once).toBe(text);
        expect(/\p{Nd}/u.test(once.replace(/[0-9]/g, ''))).toBe(false);
      }),
    );
  });

  it('maps every Bangla digit to its value', () => {
    for (let value = 0; value < 10; value += 1)
      expect(toAsciiDigits(String.fromCodePoint(0x09e6 + value))).toBe(String(value));
  });
});

describe('keepDigits', () => {
  it('drops letters and keeps digits in any script as ASCII', () => {
    expect(keepDigits('১২a৩b4')).toBe('1234');
    expect(keepDigits('abc')).toBe('');
  });

  it('lets through only the extra characters it is given', () => {
    expect(keepDigits('+৮৮০ ১৭১১-x', '+ -')).toBe('+880 1711-');
    expect(keepDigits('+৮৮০ ১৭১১-x')).toBe('8801711');
  });
});
