import type { FaqItem, PageSlug } from '@khelaghor/contract/schemas/pages';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';

/** One shop page (terms, privacy, refund, faq): `PAGES` / `PAGE#<slug>`. */
export interface PageItem {
  type: 'page';
  slug: PageSlug;
  title: string;
  body: string;
  faq: FaqItem[];
  /** The Bangla version (absent on pages saved before it existed). */
  title_bn?: string | null;
  body_bn?: string;
  faq_bn?: FaqItem[];
  updated_at: string;
}

/** `consistent`: the editor's read, which must show a save made a moment ago. */
export async function readPage(db: Db, slug: PageSlug, consistent = false): Promise<PageItem | undefined> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.page(slug),
      ...(consistent && { ConsistentRead: true }),
    }),
  );
  return res.Item as PageItem | undefined;
}

/** The admin replaces the whole page; the last save wins (one editor, a few edits a year). */
export async function writePage(db: Db, item: PageItem): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.page(item.slug), ...item } }));
}
