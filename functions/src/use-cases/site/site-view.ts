import type { Announcement, SeoRow, SiteSettings, Slide } from '@khelaghor/contract/schemas/catalog';
import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import type { Db } from '../../db/client';
import { toReceivingAccounts } from '../../db/site/receiving-accounts';
import {
  querySite,
  type AnnouncementItem,
  type SeoItem,
  type SiteSettingsItem,
  type SlideItem,
} from '../../db/site/site-items';

export const toSlide = (s: SlideItem): Slide => ({
  id: s.id,
  title: s.title,
  subtitle: s.subtitle ?? null,
  title_bn: s.title_bn ?? null,
  subtitle_bn: s.subtitle_bn ?? null,
  image_url: s.image_url,
  link_url: s.link_url ?? null,
  is_active: s.is_active,
  display_order: s.display_order ?? 0,
  created_at: s.created_at,
});

export const toAnnouncement = (a: AnnouncementItem): Announcement => ({
  id: a.id,
  title: a.title,
  message: a.message,
  title_bn: a.title_bn ?? null,
  message_bn: a.message_bn ?? null,
  is_active: a.is_active,
  expires_at: a.expires_at ?? null,
  created_at: a.created_at,
});

export const toSeo = (s: SeoItem): SeoRow => ({
  id: s.id,
  page_path: s.page_path,
  title: s.title,
  description: s.description ?? null,
  keywords: s.keywords ?? null,
  og_image: s.og_image ?? null,
  created_at: s.created_at,
});

/**
 * Settings saved before the Bangla brand existed: a shop still called by the default name gets
 * the default's Bangla (খেলাঘর); one renamed shows its own name in Bangla too until an admin adds it.
 */
const brandNameBn = (s: SiteSettingsItem): string | null =>
  s.brand_name_bn === undefined
    ? s.brand_name === DEFAULT_SITE_SETTINGS.brand_name
      ? DEFAULT_SITE_SETTINGS.brand_name_bn
      : null
    : s.brand_name_bn;

export const toSettings = (s?: SiteSettingsItem): SiteSettings =>
  s
    ? {
        brand_name: s.brand_name,
        brand_name_bn: brandNameBn(s),
        logo_url: s.logo_url ?? null,
        support_whatsapp: s.support_whatsapp ?? null,
        hotline: s.hotline ?? null,
        telegram_url: s.telegram_url ?? null,
        whatsapp_community_url: s.whatsapp_community_url ?? null,
        send_money_minutes: s.send_money_minutes ?? DEFAULT_SITE_SETTINGS.send_money_minutes,
        operator_minutes: s.operator_minutes ?? DEFAULT_SITE_SETTINGS.operator_minutes,
        updated_at: s.updated_at ?? null,
      }
    : DEFAULT_SITE_SETTINGS;

export const slideOrder = (a: SlideItem, b: SlideItem) =>
  (a.display_order ?? 0) - (b.display_order ?? 0) || a.created_at.localeCompare(b.created_at);
export const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** An announcement shows while active and not expired (no expiry, or expiry in the future). */
function isCurrent(a: AnnouncementItem, now: Date): boolean {
  return a.is_active && (!a.expires_at || new Date(a.expires_at).getTime() > now.getTime());
}

/** GET /api/site: one Query of the SITE partition. */
export async function getSite(db: Db, now: Date) {
  const site = await querySite(db);
  const current = site.announcements.filter((a) => isCurrent(a, now)).sort(newestFirst)[0];
  return {
    slides: site.slides
      .filter((s) => s.is_active)
      .sort(slideOrder)
      .map(toSlide),
    announcement: current ? toAnnouncement(current) : null,
    seo: site.seo.sort((a, b) => a.page_path.localeCompare(b.page_path)).map(toSeo),
    settings: toSettings(site.settings),
    receiving_accounts: toReceivingAccounts(site.receivingAccounts),
  };
}
