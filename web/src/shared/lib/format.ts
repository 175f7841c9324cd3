import { METHOD_LABELS } from '@khelaghor/contract/facts';

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** What the UI calls a payment method (the contract's labels); an unknown value as it is. */
export const methodLabel = (value: string): string =>
  (METHOD_LABELS as Record<string, string | undefined>)[value] ?? value;
