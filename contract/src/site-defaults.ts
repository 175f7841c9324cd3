/**
 * Site settings before an admin saves any (zod-free, so the SPA can import it without zod).
 * The server answers with these; the SPA shows them until GET /api/site arrives.
 */
export const DEFAULT_SITE_SETTINGS = {
  brand_name: 'Khelaghor',
  /** The brand in the Bangla pages and mails (null: the brand_name there too). */
  brand_name_bn: 'খেলাঘর',
  logo_url: null,
  support_whatsapp: null,
  hotline: null,
  telegram_url: null,
  whatsapp_community_url: null,
  send_money_minutes: 30,
  /**
   * An operator's direct top-up is delivered within this many minutes (the product page's promise,
   * DESIGN 12; the same value as facts.ts's OPERATOR_PROMISE_MINUTES_DEFAULT).
   */
  operator_minutes: 30,
  updated_at: null,
} as const;

/** The brand as a language writes it: the Bangla name in Bangla when the shop has one. */
export function brandNameIn(
  settings: { brand_name: string; brand_name_bn?: string | null },
  locale: 'en' | 'bn',
): string {
  return (locale === 'bn' && settings.brand_name_bn) || settings.brand_name;
}
