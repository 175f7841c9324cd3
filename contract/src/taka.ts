/**
 * Money text without zod, so the SPA can format prices without shipping the schema library
 * (money.ts re-exports everything here).
 */
import { toAsciiDigits } from './digits';

const POISHA_PER_TAKA = 100;

/**
 * ৳1,234.00 from 123400 poisha, or ৳১,২৩৪.০০ in Bangla (bn-BD digits and grouping: ৳১২,৩৪,৫৬৭.০০).
 * The only place money becomes text. Integer arithmetic: the poisha never pass through a float.
 */
export function formatTaka(poisha: number, locale: 'en' | 'bn' = 'en'): string {
  const negative = poisha < 0;
  const abs = Math.abs(poisha);
  const taka = Math.floor(abs / POISHA_PER_TAKA);
  const rest = abs % POISHA_PER_TAKA;
  const sign = negative ? '-' : '';
  if (locale === 'bn') {
    const digits = new Intl.NumberFormat('bn-BD', { minimumIntegerDigits: 2, useGrouping: false });
    return `${sign}৳${new Intl.NumberFormat('bn-BD').format(taka)}.${digits.format(rest)}`;
  }
  return `${sign}৳${taka.toLocaleString('en-US')}.${String(rest).padStart(2, '0')}`;
}

/**
 * Parse what a person types ("1,234.5", "৳ 100") into poisha without floating-point
 * arithmetic. Returns undefined for anything that is not a non-negative amount with at most
 * two decimals.
 */
export function parseTakaToPoisha(text: string): number | undefined {
  const cleaned = text.replace(/[৳,\s]/g, '').replace(/\p{Nd}/gu, toAsciiDigits);
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * POISHA_PER_TAKA + fraction;
}
