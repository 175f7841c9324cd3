import * as z from '../zod';
import { displayOrder, optText, reqStr } from './common';
import { digitText } from './digit-text';
import { DEFAULT_SITE_SETTINGS } from '../site-defaults';
import { Announcement, RECEIVING_WALLET_TYPES, ReceivingAccounts, SeoRow, SiteSettings, Slide } from './site';

/** Admin: site content (slides, announcements, SEO rows, site settings). */

export const SlideBody = z.object({
  title: reqStr('Title is required', 120),
  subtitle: optText(300),
  /** Optional, trimmed, empty means none; the English fields' limits (as banglaNamesBody). */
  title_bn: z.optional(optText(120)),
  subtitle_bn: z.optional(optText(300)),
  image_url: reqStr('Image URL is required', 2000),
  link_url: optText(2000),
  is_active: z._default(z.boolean(), true),
  display_order: displayOrder,
});
export const SlidesResponse = z.object({ items: z.array(Slide) });
export const SlideResponse = z.object({ slide: Slide, message: z.string() });

const isoDateTime = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' });
export const AnnouncementBody = z.object({
  title: reqStr('Title is required', 120),
  message: reqStr('Message is required', 2000),
  /** Optional, trimmed, empty means none; the English fields' limits (as banglaNamesBody). */
  title_bn: z.optional(optText(120)),
  message_bn: z.optional(optText(2000)),
  is_active: z._default(z.boolean(), true),
  /** Empty is sent as null (no expiry). */
  expires_at: z.pipe(
    z.optional(z.union([isoDateTime, z.literal(''), z.null()])),
    z.transform((v) => (v ? new Date(v).toISOString() : null)),
  ),
});
export const AnnouncementsResponse = z.object({ items: z.array(Announcement) });
export const AnnouncementResponse = z.object({ announcement: Announcement, message: z.string() });

const seoFields = {
  title: z
    .string({ error: 'Title is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Title is required'),
      z.maxLength(60, 'Title must be at most 60 characters'),
    ),
  description: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(160, 'Description must be at most 160 characters'))),
    z.transform((v) => v || null),
  ),
  keywords: optText(500),
  og_image: optText(2000),
};
export const SeoCreateBody = z.object({
  page_path: z
    .string({ error: 'Page path is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Page path is required'),
      z.maxLength(300, 'Must be at most 300 characters'),
      z.regex(/^\/[^\s]*$/, 'Page path must start with /'),
    ),
  ...seoFields,
});
/** page_path cannot be changed after creation (it is not read from an update). */
export const SeoUpdateBody = z.object(seoFields);
export const SeoRowsResponse = z.object({ items: z.array(SeoRow) });
export const SeoRowResponse = z.object({ seo: SeoRow, message: z.string() });

const optUrlOrPath = optText(2000);
/** A day at most: a longer promise is no promise. */
const SEND_MONEY_MINUTES_MAX = 1440;
const SEND_MONEY_MINUTES_MESSAGE = `Minutes must be a whole number from 1 to ${SEND_MONEY_MINUTES_MAX}`;
/** A Send Money window in minutes (the buyer's and the operator's). */
const Minutes = z
  .number({ error: SEND_MONEY_MINUTES_MESSAGE })
  .check(
    z.int(SEND_MONEY_MINUTES_MESSAGE),
    z.minimum(1, SEND_MONEY_MINUTES_MESSAGE),
    z.maximum(SEND_MONEY_MINUTES_MAX, SEND_MONEY_MINUTES_MESSAGE),
  );
export const SiteSettingsBody = z.object({
  brand_name: reqStr('Brand name is required', 60),
  brand_name_bn: optText(60),
  logo_url: optUrlOrPath,
  support_whatsapp: z.pipe(
    z.nullish(
      z.union([
        digitText().check(z.trim(), z.regex(/^\+?\d{8,15}$/, 'Please enter a valid WhatsApp number')),
        z.literal(''),
      ]),
    ),
    z.transform((v) => v || null),
  ),
  hotline: z.pipe(
    z.nullish(digitText().check(z.trim(), z.maxLength(30, 'Must be at most 30 characters'))),
    z.transform((v) => v || null),
  ),
  telegram_url: optUrlOrPath,
  whatsapp_community_url: optUrlOrPath,
  /** Absent (an older client): the default. */
  send_money_minutes: z._default(Minutes, DEFAULT_SITE_SETTINGS.send_money_minutes),
  /** Absent (an older client): the default. */
  operator_minutes: z._default(Minutes, DEFAULT_SITE_SETTINGS.operator_minutes),
});
export const SiteSettingsResponse = z.object({ settings: SiteSettings, message: z.optional(z.string()) });

/** Admin: where the shop's alerts go and when a package counts as low on stock (docs/notifications.md). */
const ALERT_EMAILS_MESSAGE = 'Please enter valid email addresses';
export const NotifySettingsBody = z.object({
  alert_emails: z.pipe(
    z
      .array(
        z.pipe(
          z.string({ error: ALERT_EMAILS_MESSAGE }).check(z.trim(), z.toLowerCase()),
          z.email({ error: ALERT_EMAILS_MESSAGE }),
        ),
        {
          error: ALERT_EMAILS_MESSAGE,
        },
      )
      .check(z.maxLength(5, 'At most 5 alert addresses')),
    z.transform((list) => [...new Set(list)]),
  ),
  low_stock_level: z
    .number({ error: 'Low-stock level must be a whole number from 0 to 100000' })
    .check(
      z.int('Low-stock level must be a whole number from 0 to 100000'),
      z.minimum(0, 'Low-stock level must be a whole number from 0 to 100000'),
      z.maximum(100_000, 'Low-stock level must be a whole number from 0 to 100000'),
    ),
});
const NotifySettings = z.object({
  alert_emails: z.array(z.string()),
  low_stock_level: z.int(),
  updated_at: z.nullable(z.string()),
});
export const NotifySettingsResponse = z.object({ settings: NotifySettings, message: z.optional(z.string()) });

/** Admin: the shop's receiving accounts for manual (TrxID) top-ups, shown in Add Money. */
export const RECEIVING_WALLETS_MAX = 10;
export const RECEIVING_BANKS_MAX = 5;
export const ReceivingAccountsBody = z.object({
  wallets: z
    .array(
      z.object({
        provider: z.enum(['bkash', 'nagad', 'rocket'], { error: 'Please choose bKash, Nagad or Rocket' }),
        number: digitText({ error: 'Please enter an 11-digit number starting with 01' }).check(
          z.trim(),
          z.regex(/^01[3-9]\d{8}$/, 'Please enter an 11-digit number starting with 01'),
        ),
        type: z.enum(RECEIVING_WALLET_TYPES, { error: 'Please choose Personal, Agent or Merchant' }),
      }),
    )
    .check(z.maxLength(RECEIVING_WALLETS_MAX, `At most ${RECEIVING_WALLETS_MAX} wallet numbers`)),
  banks: z
    .array(
      z.object({
        bank_name: reqStr('Bank name is required', 80),
        account_name: reqStr('Account name is required', 80),
        account_number: digitText({ error: 'Please enter the account number (digits)' }).check(
          z.trim(),
          z.regex(/^[0-9][0-9 -]{4,28}[0-9]$/, 'Please enter the account number (digits)'),
        ),
        branch: optText(80),
      }),
    )
    .check(z.maxLength(RECEIVING_BANKS_MAX, `At most ${RECEIVING_BANKS_MAX} bank accounts`)),
});
export const ReceivingAccountsResponse = z.object({
  accounts: ReceivingAccounts,
  message: z.optional(z.string()),
});
