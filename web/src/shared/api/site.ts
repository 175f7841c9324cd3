import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { call } from './api';
import { useAuth } from './auth';

/** GET /api/site as a query (main.tsx starts it before the first render; index.html preloads it). */
export const siteQuery = { queryKey: ['site'], queryFn: () => call('getSite'), staleTime: 5 * 60_000 };

/** GET /api/catalog as a query (the home page; preloaded by index.html, awaited by main.tsx on /). */
export const catalogQuery = { queryKey: ['catalog'], queryFn: () => call('getCatalog') };

/** Slides, the announcement, SEO rows and site settings (GET /api/site), shared by every page. */
export function useSite() {
  return useQuery(siteQuery);
}

export function useSettings() {
  return useSite().data?.settings ?? DEFAULT_SITE_SETTINGS;
}

/** The signed-in user's profile and balance (GET /api/me); disabled when signed out. */
export function useMe() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['me', user?.userId],
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
