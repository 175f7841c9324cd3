import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Announcement, SeoRow, SiteSettings, Slide } from '@khelaghor/contract/schemas/catalog';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { keys } from '../../db/keys';
import { isConditionFailure } from '../../db/transact';
import {
  querySite,
  type AnnouncementItem,
  type SeoItem,
  type SiteSettingsItem,
  type SlideItem,
} from '../../db/site-repo';
import { duplicate, notFound } from '../../domain/refusals';
import { newestFirst, slideOrder, toAnnouncement, toSeo, toSettings, toSlide } from './site-view';

type SlideInput = Omit<SlideItem, 'type' | 'id' | 'created_at' | 'updated_at'>;
type AnnouncementInput = Omit<AnnouncementItem, 'type' | 'id' | 'created_at' | 'updated_at'>;
type SeoInput = Omit<SeoItem, 'type' | 'id' | 'page_path' | 'created_at' | 'updated_at'>;

/** Replace an item that must exist (keeps id and created_at), or 404 with `missing`. */
async function replace(
  db: Db,
  key: { pk: string; sk: string },
  build: (old: Record<string, unknown>) => Record<string, unknown>,
  missing: string,
) {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  if (!res.Item) throw notFound(missing);
  const item = { ...build(res.Item), ...key };
  try {
    await db.doc.send(
      new PutCommand({ TableName: db.table, Item: item, ConditionExpression: 'attribute_exists(pk)' }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(missing);
    throw error;
  }
  return item;
}

async function remove(db: Db, key: { pk: string; sk: string }, missing: string): Promise<void> {
  try {
    await db.doc.send(
      new DeleteCommand({ TableName: db.table, Key: key, ConditionExpression: 'attribute_exists(pk)' }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(missing);
    throw error;
  }
}

// ---------- hero slides ----------

export async function listSlides(db: Db): Promise<{ items: Slide[] }> {
  const { slides } = await querySite(db, 'SLIDE#');
  return { items: slides.sort(slideOrder).map(toSlide) };
}

export async function createSlide(db: Db, input: SlideInput, now: string): Promise<Slide> {
  const id = ulid();
  const item: SlideItem = { type: 'slide', id, ...input, created_at: now, updated_at: now };
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.slide(id), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return toSlide(item);
}

export async function updateSlide(db: Db, id: string, input: SlideInput, now: string): Promise<Slide> {
  const item = await replace(
    db,
    keys.slide(id),
    (old) => ({ ...old, ...input, updated_at: now }),
    'Slide not found',
  );
  return toSlide(item as unknown as SlideItem);
}

export const deleteSlide = (db: Db, id: string) => remove(db, keys.slide(id), 'Slide not found');

// ---------- announcements ----------

export async function listAnnouncements(db: Db): Promise<{ items: Announcement[] }> {
  const { announcements } = await querySite(db, 'ANNOUNCEMENT#');
  return { items: announcements.sort(newestFirst).map(toAnnouncement) };
}

export async function createAnnouncement(
  db: Db,
  input: AnnouncementInput,
  now: string,
): Promise<Announcement> {
  const id = ulid();
  const item: AnnouncementItem = { type: 'announcement', id, ...input, created_at: now, updated_at: now };
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.announcement(id), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return toAnnouncement(item);
}

export async function updateAnnouncement(
  db: Db,
  id: string,
  input: AnnouncementInput,
  now: string,
): Promise<Announcement> {
  const item = await replace(
    db,
    keys.announcement(id),
    (old) => ({ ...old, ...input, updated_at: now }),
    'Announcement not found',
  );
  return toAnnouncement(item as unknown as AnnouncementItem);
}

export const deleteAnnouncement = (db: Db, id: string) =>
  remove(db, keys.announcement(id), 'Announcement not found');

// ---------- SEO rows (keyed by page path, addressed by id) ----------

export async function listSeo(db: Db): Promise<{ items: SeoRow[] }> {
  const { seo } = await querySite(db, 'SEO#');
  return { items: seo.sort((a, b) => a.page_path.localeCompare(b.page_path)).map(toSeo) };
}

export async function createSeo(
  db: Db,
  input: SeoInput & { page_path: string },
  now: string,
): Promise<SeoRow> {
  const id = ulid();
  const item: SeoItem = { type: 'seo', id, ...input, created_at: now, updated_at: now };
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.seo(input.page_path), ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw duplicate('SEO settings for this page already exist');
    throw error;
  }
  return toSeo(item);
}

async function seoById(db: Db, id: string): Promise<SeoItem> {
  const { seo } = await querySite(db, 'SEO#');
  const row = seo.find((s) => s.id === id);
  if (!row) throw notFound('SEO settings not found');
  return row;
}

/** page_path is the key and never changes: only title, description, keywords, og_image do. */
export async function updateSeo(db: Db, id: string, input: SeoInput, now: string): Promise<SeoRow> {
  const row = await seoById(db, id);
  const item = await replace(
    db,
    keys.seo(row.page_path),
    (old) => ({ ...old, ...input, updated_at: now }),
    'SEO settings not found',
  );
  return toSeo(item as unknown as SeoItem);
}

export async function deleteSeo(db: Db, id: string): Promise<void> {
  const row = await seoById(db, id);
  await remove(db, keys.seo(row.page_path), 'SEO settings not found');
}

// ---------- site settings ----------

export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.siteSettings() }));
  return toSettings(res.Item as SiteSettingsItem | undefined);
}

export async function putSiteSettings(
  db: Db,
  input: Omit<SiteSettingsItem, 'type' | 'updated_at'>,
  now: string,
): Promise<SiteSettings> {
  const item: SiteSettingsItem = { type: 'site_settings', ...input, updated_at: now };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.siteSettings(), ...item } }));
  return toSettings(item);
}
