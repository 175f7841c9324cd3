import {
  isPageSlug,
  PAGE_DEFAULT_TITLES,
  type Page,
  type PageBody,
  type PageSlug,
} from '@khelaghor/contract/schemas/pages';
import type { Db } from '../../db/client';
import { readPage, writePage, type PageItem } from '../../db/pages/pages';
import { badRequest, notFound } from '../../domain/refusals';

function knownSlug(slug: string): PageSlug {
  if (!isPageSlug(slug)) throw notFound('Page not found');
  return slug;
}

const toPage = (slug: PageSlug, item?: PageItem): Page =>
  item
    ? {
        slug,
        title: item.title,
        body: item.body,
        faq: item.faq ?? [],
        title_bn: item.title_bn || null,
        body_bn: item.body_bn ?? '',
        faq_bn: item.faq_bn ?? [],
        updated_at: item.updated_at,
      }
    : // A page nobody has written yet is empty, never invented text (the SPA says so).
      {
        slug,
        title: PAGE_DEFAULT_TITLES[slug],
        body: '',
        faq: [],
        title_bn: null,
        body_bn: '',
        faq_bn: [],
        updated_at: null,
      };

export async function getShopPage(db: Db, slug: string, opts: { consistent?: boolean } = {}): Promise<Page> {
  const known = knownSlug(slug);
  return toPage(known, await readPage(db, known, opts.consistent));
}

export async function saveShopPage(db: Db, slug: string, input: PageBody, now: Date): Promise<Page> {
  const known = knownSlug(slug);
  // Questions belong to the FAQ only; elsewhere they would be saved and never shown.
  if (known !== 'faq' && (input.faq.length > 0 || input.faq_bn.length > 0)) {
    throw badRequest('Only the FAQ page has questions', { faq: 'Only the FAQ page has questions' });
  }
  const item: PageItem = {
    type: 'page',
    slug: known,
    title: input.title,
    body: input.body,
    faq: input.faq,
    title_bn: input.title_bn ?? null,
    body_bn: input.body_bn,
    faq_bn: input.faq_bn,
    updated_at: now.toISOString(),
  };
  await writePage(db, item);
  return toPage(known, item);
}
