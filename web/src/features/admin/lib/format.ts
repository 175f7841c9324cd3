import { formatTaka as formatTakaIn, parseTakaToPoisha } from '@khelaghor/contract/money';
import { currentLocale } from '../../../shared/i18n/i18n';
import { formatDateIn } from '../../../shared/i18n/format';

export { parseTakaToPoisha };

/**
 * Money in the page's language (৳1,234.00 / ৳১,২৩৪.০০). A component that shows it re-renders on a
 * language switch through its own useT() (or uses useFormat()).
 */
export const formatTaka = (poisha: number): string => formatTakaIn(poisha, currentLocale());

/** Taka text for an input (12345 poisha -> "123.45"). */
export function poishaToInput(poisha: number): string {
  return (poisha / 100).toFixed(2);
}

/** A date and time in the page's language (the storefront's formatDateIn), or '' when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return Number.isNaN(new Date(iso).getTime()) ? iso : formatDateIn(currentLocale(), iso);
}

/** `<input type="datetime-local">` value from an ISO time (local clock) and back. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
