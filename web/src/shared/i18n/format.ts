import { formatTaka } from '@khelaghor/contract/taka';
import { intlLocale, type Locale } from './locale';
import { useLocale } from './i18n';

/**
 * Bangla names the part of the day, not AM/PM: ভোর 4-6, সকাল 6-12, দুপুর 12-15, বিকাল 15-18,
 * সন্ধ্যা 18-20, রাত 20-4 (the hour each starts at). The shop's own table, not Intl's `dayPeriod`:
 * browsers' ICU data put the word after the time and draw the lines differently.
 */
const DAY_PERIODS_BN: ReadonlyArray<readonly [fromHour: number, word: string]> = [
  [20, 'রাত'],
  [18, 'সন্ধ্যা'],
  [15, 'বিকাল'],
  [12, 'দুপুর'],
  [6, 'সকাল'],
  [4, 'ভোর'],
  [0, 'রাত'],
];
const dayPeriodBn = (hour: number) => DAY_PERIODS_BN.find(([from]) => hour >= from)![1];

// ৪:০৫ (a 12-hour clock whose AM/PM is left out) and ২৩ নভে, ২০২৬; made on first use, not on
// the first screen's load.
let bnFormats: { clock: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | undefined;
const bangla = () =>
  (bnFormats ??= {
    clock: new Intl.DateTimeFormat('bn-BD', { hour: 'numeric', minute: '2-digit', hour12: true }),
    day: new Intl.DateTimeFormat('bn-BD', { dateStyle: 'medium' }),
  });

/**
 * A date and time the way the language writes it (bn-BD: ২৩ নভে, ২০২৬, বিকাল ৪:০৫; en-BD:
 * Nov 23, 2026, 4:05 PM), or '—'.
 */
export function formatDateIn(locale: Locale, iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  if (locale !== 'bn')
    return date.toLocaleString(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' });
  const { clock: clockBn, day } = bangla();
  const clock = clockBn
    .formatToParts(date)
    .filter(
      (part) =>
        part.type === 'hour' || part.type === 'minute' || (part.type === 'literal' && part.value === ':'),
    )
    .map((part) => part.value)
    .join('');
  return `${day.format(date)}, ${dayPeriodBn(date.getHours())} ${clock}`;
}

/** A plain count (stock, uses) in the language's digits. */
export const formatNumberIn = (locale: Locale, n: number) => n.toLocaleString(intlLocale(locale));

/** Money, dates and counts in the page's language; components re-render when it changes. */
export function useFormat() {
  const locale = useLocale();
  return {
    locale,
    money: (poisha: number) => formatTaka(poisha, locale),
    date: (iso: string | null | undefined) => formatDateIn(locale, iso),
    number: (n: number) => formatNumberIn(locale, n),
  };
}
