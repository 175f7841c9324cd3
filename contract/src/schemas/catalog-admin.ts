import * as z from 'zod';
import { Poisha } from '../money';
import { banglaNames, banglaNamesBody, displayOrder, optText, reqStr } from './common';
import { ProductKind, ProductKindBody } from './product-kind';
import { packageValue, packageValueBody, UNIT_NAME_MESSAGE } from './package-value';
import { VariantFulfilment, VariantFulfilmentBody } from './fulfilment';

/** Admin: products, variants and categories. */

export const AdminProduct = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    ...banglaNames,
    category: z.string().nullable(),
    image_url: z.string().nullable(),
    is_active: z.boolean(),
    display_order: z.number().int(),
    variant_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .extend(ProductKind.shape);
export type AdminProduct = z.infer<typeof AdminProduct>;

export const ProductBody = z
  .object({
    name: reqStr('Product name is required', 120),
    description: optText(2000),
    ...banglaNamesBody,
    category: optText(60),
    image_url: optText(2000),
    is_active: z.boolean().default(true),
    display_order: displayOrder,
  })
  .extend(ProductKindBody.shape);
export type ProductBody = z.infer<typeof ProductBody>;

export const AdminProductsResponse = z.object({ items: z.array(AdminProduct) });
export const AdminProductResponse = z.object({ product: AdminProduct, message: z.string() });

export const AdminVariant = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ...banglaNames,
  price: Poisha,
  ...packageValue,
  /** Read-only: the number of available voucher codes. */
  stock: z.number().int(),
  voucher_count: z.number().int(),
  /** What fulfils its orders (issue 31): stock codes, a supplier's voucher or top-up, an operator. */
  fulfilment: VariantFulfilment,
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminVariant = z.infer<typeof AdminVariant>;

const priceMessage = 'Please enter a valid price';
export const VariantBody = z
  .object({
    product_id: reqStr('Please select a product', 64),
    name: reqStr('Variant name is required', 120),
    description: optText(2000),
    ...banglaNamesBody,
    /** Poisha. Stock is never taken from the body. */
    price: z
      .number({
        error: (iss) =>
          iss.input === undefined || iss.input === null || iss.input === ''
            ? 'Price is required'
            : priceMessage,
      })
      .int(priceMessage)
      .positive(priceMessage)
      .max(10_000_000, priceMessage),
    ...packageValueBody,
    /** Absent: stock codes (a create) or the variant's current setting kept (an update). */
    fulfilment: VariantFulfilmentBody.optional(),
    is_active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    // A count without its unit cannot be shown as '৳0.85 / diamond'.
    if (v.units != null && !v.unit_name)
      ctx.addIssue({ code: 'custom', path: ['unit_name'], message: UNIT_NAME_MESSAGE });
  });
export type VariantBody = z.infer<typeof VariantBody>;

export const AdminVariantsResponse = z.object({ items: z.array(AdminVariant) });
export const AdminVariantResponse = z.object({ variant: AdminVariant, message: z.string() });

const categoryName = z
  .string({ error: 'Category name is required' })
  .trim()
  .min(1, 'Category name is required')
  .max(60, 'Must be at most 60 characters');
const Category = z.object({
  name: z.string(),
  /** The admin's Bangla name of the category (null: none, the Bangla storefront shows the English). */
  name_bn: z.string().nullable(),
  product_count: z.number().int(),
});
export const CategoriesResponse = z.object({ items: z.array(Category) });
export const CategoryBody = z.object({ name: categoryName });
export const CategoryParams = z.object({ name: categoryName });
export const CategoryChangeResponse = z.object({ message: z.string(), updated: z.number().int() });
/** PUT /api/admin/categories/{name}/bangla: empty means none (the English name is shown). */
export const CategoryBanglaBody = z.object({ name_bn: optText(60) });
export const CategoryBanglaResponse = z.object({
  category: z.object({ name: z.string(), name_bn: z.string().nullable() }),
  message: z.string(),
});
