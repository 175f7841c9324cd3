import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { queryAll } from '../query-all';

/**
 * A category's own record in the CATALOG partition: its Bangla name. Categories themselves are
 * the products' `category` values (use-cases/catalog/categories.ts); the record is keyed by that
 * name, so the catalogue's one Query reads it with the products, and a rename moves it.
 */
export interface CategoryItem {
  type: 'category';
  name: string;
  name_bn: string;
  updated_at: string;
}

/** Category name → Bangla name, from the items of a CATALOG Query. */
export function categoryNamesBn(items: ReadonlyArray<{ type: string }>): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of items)
    if (item.type === 'category') {
      const category = item as CategoryItem;
      names.set(category.name, category.name_bn);
    }
  return names;
}

/** Every category's Bangla name: one Query of the category records (a few small items). */
export async function queryCategoryNamesBn(db: Db): Promise<Map<string, string>> {
  const items = await queryAll<CategoryItem>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.catalog(), ':prefix': keys.categoryPrefix() },
  });
  return categoryNamesBn(items);
}

/** Set the Bangla name of a category (null: remove it, the English name is shown). */
export async function putCategoryNameBn(
  db: Db,
  name: string,
  nameBn: string | null,
  now: string,
): Promise<void> {
  if (nameBn === null) {
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.category(name) }));
    return;
  }
  const item: CategoryItem = { type: 'category', name, name_bn: nameBn, updated_at: now };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.category(name), ...item } }));
}
