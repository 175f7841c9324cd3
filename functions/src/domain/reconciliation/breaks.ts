import type { ReconBreak } from '@khelaghor/contract/schemas/reconciliation';

/** A break as a check finds it; the report adds its resolution fields. */
export type FoundBreak = Pick<ReconBreak, 'kind' | 'source' | 'reference' | 'shop' | 'other' | 'detail'>;

/** Stable within a day (kind, book, reference), so a re-run keeps an admin's resolution. URL-safe. */
export const breakId = (b: Pick<FoundBreak, 'kind' | 'source' | 'reference'>) =>
  `${b.kind}.${b.source}.${b.reference.replace(/[^A-Za-z0-9_-]/g, '_')}`;

export const taka = (poisha: number | undefined) =>
  poisha === undefined ? null : `${(poisha / 100).toFixed(2)}`;
