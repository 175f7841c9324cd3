import { formatTaka } from '@khelaghor/contract/taka';
import { intlLocale, type Locale } from './locale';
import { useLocale } from './i18n';

/** A date and time the way the language writes it (bn-BD: ২৩ নভে, ২০২৬, ৪:০৫ PM), or '—'. */
export function formatDateIn(locale: Locale, iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' });
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
