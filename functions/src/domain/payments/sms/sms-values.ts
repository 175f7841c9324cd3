import { toAsciiDigits } from '@khelaghor/contract/digits';

/**
 * The values inside an MFS SMS, read strictly: anything that is not the provider's own format is
 * `undefined` (and the SMS unparsed), never a best guess.
 */

/**
 * Poisha of an amount as the providers write it: 1234.56 or 1,234.56 (groups of three), decimals
 * optional, digits of any script; integer arithmetic only.
 */
export function poishaOf(text: string): number | undefined {
  const ascii = toAsciiDigits(text);
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(ascii);
  if (!m) return undefined;
  const taka = Number(m[1]!.replaceAll(',', ''));
  const poisha = Number((m[2] ?? '0').padEnd(2, '0'));
  const total = taka * 100 + poisha;
  return Number.isSafeInteger(total) ? total : undefined;
}

/** A Bangladeshi mobile number: 01 and 9 more digits; +880 / 880 prefixes are the same number. */
export function mobileOf(text: string): string | undefined {
  const ascii = toAsciiDigits(text).replace(/^\+?880(?=1)/, '0');
  return /^01[3-9]\d{8}$/.test(ascii) ? ascii : undefined;
}

/** A Rocket account: the 11-digit mobile number, often with its 12th check digit. */
export function rocketAccountOf(text: string): string | undefined {
  const ascii = toAsciiDigits(text);
  return /^01[3-9]\d{8}\d?$/.test(ascii) ? ascii : undefined;
}

const DHAKA_OFFSET_MINUTES = 6 * 60; // Asia/Dhaka is UTC+6 all year (no daylight saving).

/** A Dhaka wall-clock time as an ISO instant; undefined for an impossible date or time. */
function dhakaInstant(y: number, mo: number, d: number, h: number, mi: number, s = 0): string | undefined {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return undefined; // 31/02
  return new Date(utc - DHAKA_OFFSET_MINUTES * 60_000).toISOString();
}

/** bKash and Nagad: `27/11/2026 14:05` (day first, 24-hour clock). */
export function dayFirstTimeOf(text: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(toAsciiDigits(text));
  if (!m) return undefined;
  const [d, mo, y, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  return dhakaInstant(y, mo, d, h, mi);
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Rocket: `27-NOV-26 02:05:33 pm` (two-digit year, 12-hour clock). */
export function rocketTimeOf(text: string): string | undefined {
  const m = /^(\d{2})-([A-Z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([ap]m)$/.exec(text);
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[2]!) + 1;
  const hour12 = Number(m[4]);
  if (month === 0 || hour12 < 1 || hour12 > 12) return undefined;
  const hour = (hour12 % 12) + (m[7] === 'pm' ? 12 : 0);
  return dhakaInstant(2000 + Number(m[3]), month, Number(m[1]), hour, Number(m[5]), Number(m[6]));
}
