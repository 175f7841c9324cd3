import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import type { ProductKind } from '@khelaghor/contract/schemas/product-kind';
import type { ProductItem } from './catalog-items';
import { keys } from '../keys';
import { isConditionFailure } from '../transact';

/** The fields an admin edits; id, created_at and the variants stay as they are. */
export type ProductFields = Pick<
  ProductItem,
  | 'name'
  | 'description'
  | 'name_bn'
  | 'description_bn'
  | 'category'
  | 'image_url'
  | 'is_active'
  | 'display_order'
> &
  ProductKind;

/** A new product. Its id is fresh, so a taken key is a bug and fails loudly. */
export async function insertProduct(db: Db, item: ProductItem): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.product(item.id), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Overwrite the editable fields of an existing product; 'missing' when there is none (nothing written). */
export async function updateProductFields(
  db: Db,
  id: string,
  fields: ProductFields,
  now: string,
): Promise<'updated' | 'missing'> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.product(id),
        UpdateExpression:
          'SET #name = :name, description = :description, category = :category, image_url = :image_url, ' +
          'is_active = :is_active, display_order = :display_order, updated_at = :now, ' +
          'account_fields = :account_fields, uid_pattern = :uid_pattern, uid_message = :uid_message, ' +
          'zone_label = :zone_label, redeem_steps = :redeem_steps, redeem_url = :redeem_url, ' +
          'uid_help = :uid_help, name_bn = :name_bn, description_bn = :description_bn, ' +
          'uid_message_bn = :uid_message_bn, redeem_steps_bn = :redeem_steps_bn, uid_help_bn = :uid_help_bn',
        // Without it an Update would create a stub product.
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': fields.name,
          ':description': fields.description,
          ':category': fields.category,
          ':image_url': fields.image_url,
          ':is_active': fields.is_active,
          ':display_order': fields.display_order,
          ':now': now,
          ':account_fields': fields.account_fields,
          ':uid_pattern': fields.uid_pattern,
          ':uid_message': fields.uid_message,
          ':zone_label': fields.zone_label,
          ':redeem_steps': fields.redeem_steps,
          ':redeem_url': fields.redeem_url,
          ':uid_help': fields.uid_help,
          ':name_bn': fields.name_bn ?? null,
          ':description_bn': fields.description_bn ?? null,
          ':uid_message_bn': fields.uid_message_bn,
          ':redeem_steps_bn': fields.redeem_steps_bn,
          ':uid_help_bn': fields.uid_help_bn,
        },
      }),
    );
    return 'updated';
  } catch (error) {
    if (isConditionFailure(error)) return 'missing';
    throw error;
  }
}

/**
 * Move one product from category `from` to `to` (null: no category), only while it is still in
 * `from`: 'changed' when it was changed or deleted meanwhile (nothing written).
 */
export async function recategoriseProduct(
  db: Db,
  id: string,
  change: { from: string; to: string | null; now: string },
): Promise<'updated' | 'changed'> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.product(id),
        UpdateExpression: 'SET category = :to, updated_at = :now',
        ConditionExpression: 'category = :from',
        ExpressionAttributeValues: { ':to': change.to, ':from': change.from, ':now': change.now },
      }),
    );
    return 'updated';
  } catch (error) {
    if (isConditionFailure(error)) return 'changed';
    throw error;
  }
}

/** The product item alone (its variants are deleted first, each by its own job). */
export async function deleteProductItem(db: Db, id: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.product(id) }));
}
