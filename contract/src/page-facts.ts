/**
 * The shop's own pages (terms, privacy, refund policy, FAQ): their slugs, paths, default titles and
 * limits, without zod, so the SPA's page chunk does not ship the schema library (schemas/pages.ts
 * re-exports them beside the schemas).
 */
export const PAGE_SLUGS = ['terms', 'privacy', 'refund', 'faq'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
export const isPageSlug = (slug: string): slug is PageSlug =>
  (PAGE_SLUGS as readonly string[]).includes(slug);

/** The title a page has until the admin saves one. */
export const PAGE_DEFAULT_TITLES: Record<PageSlug, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  refund: 'Refund Policy',
  faq: 'Frequently Asked Questions',
};

/** The SPA route of each page (the footer and the auth notice link to these). */
export const PAGE_PATHS: Record<PageSlug, string> = {
  terms: '/terms',
  privacy: '/privacy',
  refund: '/refund-policy',
  faq: '/faq',
};

export const PAGE_LIMITS = { title: 120, body: 20_000, faqItems: 50, question: 300, answer: 2_000 } as const;
