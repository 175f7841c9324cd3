import * as z from 'zod';

/** The signed-in user's profile (GET /api/me). Money in poisha. */
export const MeResponse = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  balance: z.number().int(),
  is_admin: z.boolean(),
  created_at: z.string(),
  /** Emails besides receipts (payments, refunds, top-ups, TrxID decisions): on unless turned off. */
  notify_optional: z.boolean(),
  /** The language the buyer uses the shop in (their mails come in it); null until first chosen. */
  language: z.enum(['bn', 'en']).nullable(),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** PUT /api/me/notifications: receipts always go out; `optional` turns the other emails on or off. */
export const EmailPreferencesBody = z.object({
  optional: z.boolean({ error: 'Please choose whether to get these emails' }),
});
export const EmailPreferencesResponse = z.object({ optional: z.boolean(), message: z.string() });

/** PUT /api/me/language: the SPA saves the buyer's language on each switch and after sign-in. */
export const LanguageBody = z.object({
  language: z.enum(['bn', 'en'], { error: 'Please choose Bangla or English' }),
});
export const LanguageResponse = z.object({ language: z.enum(['bn', 'en']), message: z.string() });
