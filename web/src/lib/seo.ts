import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSite } from './site';

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

/** Apply the admin's SEO rows (title, description, keywords, og:image) to the current path. */
export function useSeo(fallbackTitle?: string) {
  const { pathname } = useLocation();
  const { data } = useSite();
  useEffect(() => {
    const brand = data?.settings.brand_name ?? 'Khelaghor';
    const row = seoRowFor(data?.seo ?? [], pathname);
    const title = row?.title ?? (fallbackTitle ? `${fallbackTitle} | ${brand}` : undefined);
    if (title) {
      document.title = title;
      setMeta('property', 'og:title', title);
    }
    if (row?.description) {
      setMeta('name', 'description', row.description);
      setMeta('property', 'og:description', row.description);
    }
    if (row?.keywords) setMeta('name', 'keywords', row.keywords);
    if (row) setMeta('property', 'og:image', row.og_image);
  }, [data, pathname, fallbackTitle]);
}
