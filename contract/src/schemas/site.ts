import * as z from '../zod';

/** Site content as the storefront reads it: slides, announcements, SEO rows, settings. */

export const Slide = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.nullable(z.string()),
  /** The admin's Bangla title and subtitle (null: none, the SPA shows the English in Bangla too). */
  title_bn: z.nullable(z.string()),
  subtitle_bn: z.nullable(z.string()),
  image_url: z.string(),
  link_url: z.nullable(z.string()),
  is_active: z.boolean(),
  display_order: z.int(),
  created_at: z.string(),
});
export type Slide = z.infer<typeof Slide>;

export const Announcement = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  /** The admin's Bangla title and message (null: none, the SPA shows the English in Bangla too). */
  title_bn: z.nullable(z.string()),
  message_bn: z.nullable(z.string()),
  is_active: z.boolean(),
  expires_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof Announcement>;

export const SeoRow = z.object({
  id: z.string(),
  page_path: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  keywords: z.nullable(z.string()),
  og_image: z.nullable(z.string()),
  created_at: z.string(),
});
export type SeoRow = z.infer<typeof SeoRow>;

export const SiteSettings = z.object({
  brand_name: z.string(),
  /** The brand in Bangla pages and mails (খেলাঘর); null: brand_name there too. */
  brand_name_bn: z.nullable(z.string()),
  logo_url: z.nullable(z.string()),
  support_whatsapp: z.nullable(z.string()),
  hotline: z.nullable(z.string()),
  telegram_url: z.nullable(z.string()),
  whatsapp_community_url: z.nullable(z.string()),
  /** Add Money: a Send Money with its TrxID is credited within this many minutes (the shop's promise). */
  send_money_minutes: z.int(),
  /** An operator's direct top-up: 'delivered to your game account, usually within N minutes'. */
  operator_minutes: z.int(),
  updated_at: z.nullable(z.string()),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

/** Kinds of mobile-wallet account a shop receives money on (the sender picks Send Money or Cash Out by it). */
export const RECEIVING_WALLET_TYPES = ['personal', 'agent', 'merchant'] as const;

/** Where a buyer sends money by hand before entering the TrxID (DESIGN 11); public on purpose. */
export const ReceivingWallet = z.object({
  provider: z.enum(['bkash', 'nagad', 'rocket']),
  number: z.string(),
  type: z.enum(RECEIVING_WALLET_TYPES),
});
export type ReceivingWallet = z.infer<typeof ReceivingWallet>;

export const ReceivingBank = z.object({
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  branch: z.nullable(z.string()),
});
export type ReceivingBank = z.infer<typeof ReceivingBank>;

export const ReceivingAccounts = z.object({
  wallets: z.array(ReceivingWallet),
  banks: z.array(ReceivingBank),
  updated_at: z.nullable(z.string()),
});
export type ReceivingAccounts = z.infer<typeof ReceivingAccounts>;

export const SiteResponse = z.object({
  /** Active slides by display_order. */
  slides: z.array(Slide),
  /** The newest active, unexpired announcement. */
  announcement: z.nullable(Announcement),
  seo: z.array(SeoRow),
  settings: SiteSettings,
  receiving_accounts: ReceivingAccounts,
});
