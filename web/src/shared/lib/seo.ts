import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { brandNameIn, DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { useSite } from '../api/site';
import { useLocale } from '../i18n/i18n';
import { t } from '../layout/messages';

function setMeta(attr: 'name' | 'property', key: string, content: string | null | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

/** Pick the SEO row of a path: exact match, then the longest prefix row ('/product' for /product/x). */
export function seoRowFor<T extends { page_path: string }>(rows: T[], pathname: string): T | undefined {
  const exact = rows.find((r) => r.page_path === pathname);
  if (exact) return exact;
  return rows
    .filter((r) => r.page_path !== '/' && pathname.startsWith(r.page_path.replace(/\/?\*?$/, '/')))
    .sort((a, b) => b.page_path.length - a.page_path.length)[0];
}

// index.html's keywords, restored on pages without an SEO row of their own (the description is
// the same text as index.html's, in the page's language).
const defaultKeywords =
  typeof document === 'undefined'
    ? ''
    : (document.head.querySelector('meta[name="keywords"]')?.getAttribute('content') ?? '');

/**
 * Apply the admin's SEO rows (title, description, keywords, og:image) to the current path. Every
 * page calls it once (with its own title, in the page's language, as the fallback when no row
 * matches); the shop's own title and description follow a language switch.
 */
export function useSeo(fallbackTitle?: string) {
  const { pathname } = useLocation();
  const { data } = useSite();
  const locale = useLocale();
  useEffect(() => {
    const brand = brandNameIn(data?.settings ?? DEFAULT_SITE_SETTINGS, locale);
    const row = seoRowFor(data?.seo ?? [], pathname);
    const title =
      row?.title ??
      (fallbackTitle ? t('pageTitle', { title: fallbackTitle, brand }) : t('defaultTitle', { brand }));
    document.title = title;
    setMeta('property', 'og:title', title);
    const description = row?.description || t('defaultDescription', { brand });
    setMeta('name', 'description', description);
    setMeta('property', 'og:description', description);
    setMeta('name', 'keywords', row?.keywords || defaultKeywords);
    setMeta('property', 'og:image', row?.og_image);
  }, [data, pathname, fallbackTitle, locale]);
}
