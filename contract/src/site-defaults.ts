/**
 * Site settings before an admin saves any (zod-free, so the SPA can import it without zod).
 * The server answers with these; the SPA shows them until GET /api/site arrives.
 */
export const DEFAULT_SITE_SETTINGS = {
  brand_name: 'Khelaghor',
  logo_url: null,
  support_whatsapp: null,
  hotline: null,
  telegram_url: null,
  whatsapp_community_url: null,
  send_money_minutes: 30,
  updated_at: null,
} as const;
