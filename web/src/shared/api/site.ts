import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandNameIn, DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { useAuth } from '../auth/auth';
import { useLocale } from '../i18n/i18n';
import { call } from './client';
import { queryKey } from './query-keys';

/** GET /api/site as a query (main.tsx starts it before the first render; index.html preloads it). */
export const siteQuery = queryOptions({
  queryKey: queryKey('getSite'),
  queryFn: () => call('getSite'),
  staleTime: 5 * 60_000,
});

/** Slides, the announcement, SEO rows and site settings (GET /api/site), shared by every page. */
export function useSite() {
  return useQuery(siteQuery);
}

export function useSettings() {
  return useSite().data?.settings ?? DEFAULT_SITE_SETTINGS;
}

/** The shop's name as the page's language writes it (খেলাঘর in Bangla when the shop has one). */
export function useBrandName(): string {
  return brandNameIn(useSettings(), useLocale());
}

/** The signed-in user's profile and balance (GET /api/me); disabled when signed out. */
export function useMe() {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKey('getMe', user?.userId),
    queryFn: () => call('getMe'),
    enabled: Boolean(user),
  });
}

/** https://wa.me/8801... from a stored number like +8801XXXXXXXXX. */
export function whatsappLink(number: string | null | undefined, text?: string): string | undefined {
  if (!number) return undefined;
  const digits = number.replace(/\D/g, '');
  if (!digits) return undefined;
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
