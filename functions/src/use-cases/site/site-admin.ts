import type { Announcement, SeoRow, SiteSettings, Slide } from '@khelaghor/contract/schemas/catalog';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import {
  getSiteSettingsItem,
  querySite,
  type AnnouncementItem,
  type SeoItem,
  type SiteSettingsItem,
  type SlideItem,
} from '../../db/site/site-items';
import {
  deleteAnnouncementItem,
  deleteSeoItem,
  deleteSlideItem,
  insertAnnouncement,
  insertSeo,
  insertSlide,
  putSiteSettingsItem,
  replaceAnnouncement,
  replaceSeo,
  replaceSlide,
} from '../../db/site/site-writes';
import { duplicate, notFound, type Said } from '../../domain/refusals';
import { newestFirst, slideOrder, toAnnouncement, toSeo, toSettings, toSlide } from './site-view';

type SlideInput = Omit<SlideItem, 'type' | 'id' | 'created_at' | 'updated_at'>;
type AnnouncementInput = Omit<AnnouncementItem, 'type' | 'id' | 'created_at' | 'updated_at'>;

/**
 * The admin's form is written whole: a Bangla field it did not send, or sent empty, is none (null),
 * so an update clears it as it does the English subtitle (products do the same with name_bn).
 */
const slideFields = (input: SlideInput) => ({
  ...input,
  title_bn: input.title_bn ?? null,
  subtitle_bn: input.subtitle_bn ?? null,
});
const announcementFields = (input: AnnouncementInput) => ({
  ...input,
  title_bn: input.title_bn ?? null,
  message_bn: input.message_bn ?? null,
});
type SeoInput = Omit<SeoItem, 'type' | 'id' | 'page_path' | 'created_at' | 'updated_at'>;

/** The item written, or 404 with `message` when it is missing (the db answers 'missing'). */
function found<T>(outcome: T | 'missing', message: Said): T {
  if (outcome === 'missing') throw notFound(message);
  return outcome;
}

// ---------- hero slides ----------

export async function listSlides(db: Db): Promise<{ items: Slide[] }> {
  const { slides } = await querySite(db, 'slides');
  return { items: slides.sort(slideOrder).map(toSlide) };
}

export async function createSlide(db: Db, input: SlideInput, now: string): Promise<Slide> {
  const id = ulid();
  const item: SlideItem = { type: 'slide', id, ...slideFields(input), created_at: now, updated_at: now };
  await insertSlide(db, item);
  return toSlide(item);
}

export async function updateSlide(db: Db, id: string, input: SlideInput, now: string): Promise<Slide> {
  const item = await replaceSlide(db, id, { ...slideFields(input), updated_at: now });
  return toSlide(found(item, 'Slide not found'));
}

export async function deleteSlide(db: Db, id: string): Promise<void> {
  found(await deleteSlideItem(db, id), 'Slide not found');
}

// ---------- announcements ----------

export async function listAnnouncements(db: Db): Promise<{ items: Announcement[] }> {
  const { announcements } = await querySite(db, 'announcements');
  return { items: announcements.sort(newestFirst).map(toAnnouncement) };
}

export async function createAnnouncement(
  db: Db,
  input: AnnouncementInput,
  now: string,
): Promise<Announcement> {
  const id = ulid();
  const item: AnnouncementItem = {
    type: 'announcement',
    id,
    ...announcementFields(input),
    created_at: now,
    updated_at: now,
  };
  await insertAnnouncement(db, item);
  return toAnnouncement(item);
}

export async function updateAnnouncement(
  db: Db,
  id: string,
  input: AnnouncementInput,
  now: string,
): Promise<Announcement> {
  const item = await replaceAnnouncement(db, id, { ...announcementFields(input), updated_at: now });
  return toAnnouncement(found(item, 'Announcement not found'));
}

export async function deleteAnnouncement(db: Db, id: string): Promise<void> {
  found(await deleteAnnouncementItem(db, id), 'Announcement not found');
}

// ---------- SEO rows (keyed by page path, addressed by id) ----------

export async function listSeo(db: Db): Promise<{ items: SeoRow[] }> {
  const { seo } = await querySite(db, 'seo');
  return { items: seo.sort((a, b) => a.page_path.localeCompare(b.page_path)).map(toSeo) };
}

export async function createSeo(
  db: Db,
  input: SeoInput & { page_path: string },
  now: string,
): Promise<SeoRow> {
  const id = ulid();
  const item: SeoItem = { type: 'seo', id, ...input, created_at: now, updated_at: now };
  if ((await insertSeo(db, item)) === 'exists') throw duplicate('SEO settings for this page already exist');
  return toSeo(item);
}

async function seoById(db: Db, id: string): Promise<SeoItem> {
  const { seo } = await querySite(db, 'seo');
  const row = seo.find((s) => s.id === id);
  if (!row) throw notFound('SEO settings not found');
  return row;
}

/** page_path is the key and never changes: only title, description, keywords, og_image do. */
export async function updateSeo(db: Db, id: string, input: SeoInput, now: string): Promise<SeoRow> {
  const row = await seoById(db, id);
  const item = await replaceSeo(db, row.page_path, { ...input, updated_at: now });
  return toSeo(found(item, 'SEO settings not found'));
}

export async function deleteSeo(db: Db, id: string): Promise<void> {
  const row = await seoById(db, id);
  found(await deleteSeoItem(db, row.page_path), 'SEO settings not found');
}

// ---------- site settings ----------

export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  return toSettings(await getSiteSettingsItem(db));
}

export async function putSiteSettings(
  db: Db,
  input: Omit<SiteSettingsItem, 'type' | 'updated_at'>,
  now: string,
): Promise<SiteSettings> {
  const item: SiteSettingsItem = { type: 'site_settings', ...input, updated_at: now };
  await putSiteSettingsItem(db, item);
  return toSettings(item);
}
