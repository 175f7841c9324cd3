import { queryOptions } from '@tanstack/react-query';
import type { PageSlug } from '@khelaghor/contract/schemas/pages';
import { call } from '../../shared/api/client';
import { queryKey } from '../../shared/api/query-keys';

/** GET /api/pages/{slug}: one shop page (terms, privacy, refund, faq). */
export const pageQuery = (slug: PageSlug) =>
  queryOptions({
    queryKey: queryKey('getPage', { slug }),
    queryFn: ({ signal }) => call('getPage', { params: { slug }, signal }),
    staleTime: 5 * 60_000,
  });
