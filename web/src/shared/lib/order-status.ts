import type { BadgeVariant } from '../components/ui/badge';

/** Spec 4: completed default, failed destructive, every other status secondary. */
export function orderBadgeVariant(status: string): BadgeVariant {
  if (status === 'completed') return 'default';
  if (status === 'failed') return 'destructive';
  return 'secondary';
}

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Idempotency keys for POST /api/orders: one per payment attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
