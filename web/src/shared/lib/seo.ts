import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSite } from '../api/site';

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

// What index.html says, restored on pages without an SEO row of their own.
const defaults =
  typeof document === 'undefined'
    ? { description: '', keywords: '' }
    : {
        description: document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
        keywords: document.head.querySelector('meta[name="keywords"]')?.getAttribute('content') ?? '',
      };

/**
 * Apply the admin's SEO rows (title, description, keywords, og:image) to the current path. Every
 * page calls it once (with its own title as the fallback when no row matches).
 */
export function useSeo(fallbackTitle?: string) {
  const { pathname } = useLocation();
  const { data } = useSite();
  useEffect(() => {
    const brand = data?.settings.brand_name ?? 'Khelaghor';
    const row = seoRowFor(data?.seo ?? [], pathname);
    const title =
      row?.title ??
      (fallbackTitle ? `${fallbackTitle} | ${brand}` : `${brand}: game top-ups, gift cards and vouchers in Bangladesh`);
    document.title = title;
    setMeta('property', 'og:title', title);
    const description = row?.description || defaults.description;
    setMeta('name', 'description', description);
    setMeta('property', 'og:description', description);
    setMeta('name', 'keywords', row?.keywords || defaults.keywords);
    setMeta('property', 'og:image', row?.og_image);
  }, [data, pathname, fallbackTitle]);
}
