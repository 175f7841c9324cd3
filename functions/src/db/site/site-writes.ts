import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import type { AnnouncementItem, SeoItem, SiteSettingsItem, SlideItem } from './site-items';
import { isConditionFailure } from '../transact';

type Key = { pk: string; sk: string };

/** A new item under a fresh key; a taken key fails loudly (for SEO rows: see insertSeo). */
async function insert(db: Db, key: Key, item: object): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...key, ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * The stored item with `patch` over it (id and created_at stay), written only while it still
 * exists; 'missing' when it does not, or was deleted between the read and the write.
 */
async function replace<T>(db: Db, key: Key, patch: object): Promise<T | 'missing'> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  if (!res.Item) return 'missing';
  const item = { ...res.Item, ...patch, ...key };
  try {
    await db.doc.send(
      new PutCommand({ TableName: db.table, Item: item, ConditionExpression: 'attribute_exists(pk)' }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return 'missing';
    throw error;
  }
  return item as T;
}

async function remove(db: Db, key: Key): Promise<'deleted' | 'missing'> {
  try {
    await db.doc.send(
      new DeleteCommand({ TableName: db.table, Key: key, ConditionExpression: 'attribute_exists(pk)' }),
    );
    return 'deleted';
  } catch (error) {
    if (isConditionFailure(error)) return 'missing';
    throw error;
  }
}

type Editable<T> = Partial<Omit<T, 'type' | 'id' | 'created_at'>>;

// ---------- hero slides ----------

export const insertSlide = (db: Db, item: SlideItem) => insert(db, keys.slide(item.id), item);
export const replaceSlide = (db: Db, id: string, patch: Editable<SlideItem>) =>
  replace<SlideItem>(db, keys.slide(id), patch);
export const deleteSlideItem = (db: Db, id: string) => remove(db, keys.slide(id));

// ---------- announcements ----------

export const insertAnnouncement = (db: Db, item: AnnouncementItem) =>
  insert(db, keys.announcement(item.id), item);
export const replaceAnnouncement = (db: Db, id: string, patch: Editable<AnnouncementItem>) =>
  replace<AnnouncementItem>(db, keys.announcement(id), patch);
export const deleteAnnouncementItem = (db: Db, id: string) => remove(db, keys.announcement(id));

// ---------- SEO rows: keyed by page path, one per page ----------

/** 'exists' when the page already has its row (nothing written). */
export async function insertSeo(db: Db, item: SeoItem): Promise<'created' | 'exists'> {
  try {
    await insert(db, keys.seo(item.page_path), item);
    return 'created';
  } catch (error) {
    if (isConditionFailure(error)) return 'exists';
    throw error;
  }
}
/** page_path is the key and never changes. */
export const replaceSeo = (db: Db, pagePath: string, patch: Editable<Omit<SeoItem, 'page_path'>>) =>
  replace<SeoItem>(db, keys.seo(pagePath), patch);
export const deleteSeoItem = (db: Db, pagePath: string) => remove(db, keys.seo(pagePath));

// ---------- site settings: one item, written whole ----------

export async function putSiteSettingsItem(db: Db, item: SiteSettingsItem): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.siteSettings(), ...item } }));
}
