import * as z from '../zod';
import { Poisha } from '../money';
import { banglaNames, banglaNamesBody, displayOrder, optText, reqStr } from './common';
import { ProductKind, ProductKindBody } from './product-kind';
import { packageValue, packageValueBody, UNIT_NAME_MESSAGE } from './package-value';
import { VariantFulfilment, VariantFulfilmentBody } from './fulfilment';

/** Admin: products, variants and categories. */

export const AdminProduct = z.extend(
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.nullable(z.string()),
    ...banglaNames,
    category: z.nullable(z.string()),
    image_url: z.nullable(z.string()),
    is_active: z.boolean(),
    display_order: z.int(),
    variant_count: z.int(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  ProductKind.shape,
);
export type AdminProduct = z.infer<typeof AdminProduct>;

export const ProductBody = z.extend(
  z.object({
    name: reqStr('Product name is required', 120),
    description: optText(2000),
    ...banglaNamesBody,
    category: optText(60),
    image_url: optText(2000),
    is_active: z._default(z.boolean(), true),
    display_order: displayOrder,
  }),
  ProductKindBody.shape,
);
export type ProductBody = z.infer<typeof ProductBody>;

export const AdminProductsResponse = z.object({ items: z.array(AdminProduct) });
export const AdminProductResponse = z.object({ product: AdminProduct, message: z.string() });

export const AdminVariant = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  ...banglaNames,
  price: Poisha,
  ...packageValue,
  /** Read-only: the number of available voucher codes. */
  stock: z.int(),
  voucher_count: z.int(),
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
      .check(z.int(priceMessage), z.positive(priceMessage), z.maximum(10_000_000, priceMessage)),
    ...packageValueBody,
    /** Absent: stock codes (a create) or the variant's current setting kept (an update). */
    fulfilment: z.optional(VariantFulfilmentBody),
    is_active: z._default(z.boolean(), true),
  })
  .check(
    z.superRefine((v, ctx) => {
      // A count without its unit cannot be shown as '৳0.85 / diamond'.
      if (v.units != null && !v.unit_name)
        ctx.addIssue({ code: 'custom', path: ['unit_name'], message: UNIT_NAME_MESSAGE });
    }),
  );
export type VariantBody = z.infer<typeof VariantBody>;

export const AdminVariantsResponse = z.object({ items: z.array(AdminVariant) });
export const AdminVariantResponse = z.object({ variant: AdminVariant, message: z.string() });

const categoryName = z
  .string({ error: 'Category name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Category name is required'),
    z.maxLength(60, 'Must be at most 60 characters'),
  );
const Category = z.object({
  name: z.string(),
  /** The admin's Bangla name of the category (null: none, the Bangla storefront shows the English). */
  name_bn: z.nullable(z.string()),
  product_count: z.int(),
});
export const CategoriesResponse = z.object({ items: z.array(Category) });
export const CategoryBody = z.object({ name: categoryName });
export const CategoryParams = z.object({ name: categoryName });
export const CategoryChangeResponse = z.object({ message: z.string(), updated: z.int() });
/** PUT /api/admin/categories/{name}/bangla: empty means none (the English name is shown). */
export const CategoryBanglaBody = z.object({ name_bn: optText(60) });
export const CategoryBanglaResponse = z.object({
  category: z.object({ name: z.string(), name_bn: z.nullable(z.string()) }),
  message: z.string(),
});
