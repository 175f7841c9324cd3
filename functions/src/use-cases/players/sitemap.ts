import { PAGE_PATHS } from '@khelaghor/contract/schemas/pages';
import type { Db } from '../../db/client';
import { getCatalog } from '../catalog/catalog-view';

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** sitemap.xml of the public pages search engines should index: home, every active product and the shop pages. */
export async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const origin = publicUrl.replace(/\/+$/, '');
  const { products } = await getCatalog(db);
  const urls = [
    `  <url><loc>${escapeXml(`${origin}/`)}</loc><changefreq>daily</changefreq><priority>1.0</priority></url>`,
    ...products.map(
      (p) =>
        `  <url><loc>${escapeXml(`${origin}/product/${encodeURIComponent(p.id)}`)}</loc><changefreq>daily</changefreq><priority>0.8</priority></url>`,
    ),
    // The shop pages (terms, privacy, refund policy, FAQ): fixed paths, no table read.
    ...Object.values(PAGE_PATHS).map(
      (path) =>
        `  <url><loc>${escapeXml(`${origin}${path}`)}</loc><changefreq>monthly</changefreq><priority>0.3</priority></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
