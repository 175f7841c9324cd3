import * as z from '../zod';
import { PAGE_LIMITS, PAGE_SLUGS } from '../page-facts';
import { optText, reqStr } from './common';

/**
 * The shop's own pages (terms, privacy, refund policy, FAQ) that the admin writes. A body is plain
 * text: blank lines part paragraphs, lines starting with '- ' make a list, '## ' a heading; the SPA
 * draws it as React elements (never as HTML), so nothing the admin types can run as markup.
 */
export { PAGE_DEFAULT_TITLES, PAGE_PATHS, PAGE_SLUGS, isPageSlug, type PageSlug } from '../page-facts';

/** An unknown slug is the route's 404, so the path only checks its length here. */
export const PageParams = z.object({ slug: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });

export const FaqItem = z.object({
  question: reqStr('Question is required', PAGE_LIMITS.question),
  answer: reqStr('Answer is required', PAGE_LIMITS.answer),
});
export type FaqItem = z.infer<typeof FaqItem>;

export const Page = z.object({
  slug: z.enum(PAGE_SLUGS),
  title: z.string(),
  body: z.string(),
  /** Question/answer pairs: only the FAQ has them. */
  faq: z.array(FaqItem),
  /** The admin's Bangla version (null/empty: none, the SPA shows the English one). */
  title_bn: z.nullable(z.string()),
  body_bn: z.string(),
  faq_bn: z.array(FaqItem),
  /** Null until the admin (or the local seed) first saves the page. */
  updated_at: z.nullable(z.string()),
});
export type Page = z.infer<typeof Page>;

export const PageResponse = z.object({ page: Page });

const pageText = z.pipe(
  z._default(
    z.string().check(z.maxLength(PAGE_LIMITS.body, `Must be at most ${PAGE_LIMITS.body} characters`)),
    '',
  ),
  z.transform((v) => v.replace(/\r\n/g, '\n').trim()),
);
const faqList = z._default(
  z.array(FaqItem).check(z.maxLength(PAGE_LIMITS.faqItems, `At most ${PAGE_LIMITS.faqItems} questions`)),
  [],
);

export const PageBody = z.object({
  title: reqStr('Title is required', PAGE_LIMITS.title),
  body: pageText,
  faq: faqList,
  /** The Bangla version, optional (empty: none). */
  title_bn: optText(PAGE_LIMITS.title),
  body_bn: pageText,
  faq_bn: faqList,
});
export type PageBody = z.infer<typeof PageBody>;

export const PageSavedResponse = z.object({ page: Page, message: z.string() });
