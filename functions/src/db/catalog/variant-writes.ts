import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import type { VariantItem } from './catalog-items';
import { keys } from '../keys';
import { isConditionFailure, transact, write, WriteRefused } from '../transact';

/** The fields an admin edits; the stock counter only moves with codes, the product never changes. */
export type VariantFields = Pick<
  VariantItem,
  | 'name'
  | 'description'
  | 'name_bn'
  | 'description_bn'
  | 'price'
  | 'is_active'
  | 'units'
  | 'unit_name'
  | 'unit_name_bn'
  | 'face_value'
  | 'fulfilment'
>;

/**
 * A new variant with its id pointer (VARIANT#<id>/REF), only while its product exists:
 * 'no-product' when the product is gone (nothing written).
 */
export async function insertVariant(db: Db, item: VariantItem): Promise<'created' | 'no-product'> {
  // Stock lives in the shard counters, never on the variant item.
  const { stock: _stock, ...stored } = item;
  try {
    await transact(db, [
      write('product', {
        ConditionCheck: {
          TableName: db.table,
          Key: keys.product(item.product_id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      }),
      write('variant', {
        Put: {
          TableName: db.table,
          Item: { ...keys.variant(item.product_id, item.id), ...stored },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }),
      write('ref', {
        Put: {
          TableName: db.table,
          Item: { ...keys.variantRef(item.id), type: 'variant_ref', product_id: item.product_id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }),
    ]);
    return 'created';
  } catch (error) {
    if (error instanceof WriteRefused && error.has('product')) return 'no-product';
    throw error;
  }
}

/**
 * Overwrite the editable fields of a variant that exists and is not being deleted; answers the
 * variant as written, or 'refused' when it is gone or a delete job has marked it (nothing written).
 */
export async function updateVariantFields(
  db: Db,
  variant: Pick<VariantItem, 'product_id' | 'id'>,
  fields: VariantFields,
  now: string,
): Promise<VariantItem | 'refused'> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.variant(variant.product_id, variant.id),
        UpdateExpression:
          'SET #name = :name, description = :description, price = :price, is_active = :is_active, ' +
          'updated_at = :now, name_bn = :name_bn, description_bn = :description_bn, ' +
          'units = :units, unit_name = :unit_name, unit_name_bn = :unit_name_bn, face_value = :face_value, ' +
          'fulfilment = :fulfilment',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting_job)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': fields.name,
          ':description': fields.description,
          ':price': fields.price,
          ':is_active': fields.is_active,
          ':now': now,
          ':name_bn': fields.name_bn ?? null,
          ':description_bn': fields.description_bn ?? null,
          ':units': fields.units ?? null,
          ':unit_name': fields.unit_name ?? null,
          ':unit_name_bn': fields.unit_name_bn ?? null,
          ':face_value': fields.face_value ?? null,
          ':fulfilment': fields.fulfilment ?? null,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes as VariantItem;
  } catch (error) {
    if (isConditionFailure(error)) return 'refused';
    throw error;
  }
}
