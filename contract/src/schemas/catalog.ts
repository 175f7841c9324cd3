import * as z from 'zod';
import { CODE_STATUSES } from '../facts';
import { Id, IdParams } from './ids';
import { Poisha } from '../money';

/** Schemas of the catalogue, stock (voucher codes) and site content, public and admin. */

const reqStr = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const displayOrder = z.coerce
  .number({ error: 'Display order must be a number' })
  .int('Display order must be a whole number')
  .min(0)
  .max(1_000_000)
  .default(0);

// ---------- public ----------

export const PublicVariant = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: Poisha,
  /** Available voucher codes. */
  stock: z.number().int(),
});
export type PublicVariant = z.infer<typeof PublicVariant>;

export const CatalogProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  image_url: z.string().nullable(),
  display_order: z.number().int(),
  /** Sum of the active variants' stock ('Out of Stock' when 0). */
  stock: z.number().int(),
  /** Active variants, price ascending. */
  variants: z.array(PublicVariant),
});
export type CatalogProduct = z.infer<typeof CatalogProduct>;

export const CatalogResponse = z.object({ products: z.array(CatalogProduct) });
export const ProductResponse = z.object({ product: CatalogProduct });
export { IdParams };

export const Slide = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image_url: z.string(),
  link_url: z.string().nullable(),
  is_active: z.boolean(),
  display_order: z.number().int(),
  created_at: z.string(),
});
export type Slide = z.infer<typeof Slide>;

export const Announcement = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  is_active: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof Announcement>;

export const SeoRow = z.object({
  id: z.string(),
  page_path: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  keywords: z.string().nullable(),
  og_image: z.string().nullable(),
  created_at: z.string(),
});
export type SeoRow = z.infer<typeof SeoRow>;

export const SiteSettings = z.object({
  brand_name: z.string(),
  logo_url: z.string().nullable(),
  support_whatsapp: z.string().nullable(),
  hotline: z.string().nullable(),
  telegram_url: z.string().nullable(),
  whatsapp_community_url: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

export const SiteResponse = z.object({
  /** Active slides by display_order. */
  slides: z.array(Slide),
  /** The newest active, unexpired announcement. */
  announcement: Announcement.nullable(),
  seo: z.array(SeoRow),
  settings: SiteSettings,
});

// ---------- admin: products, variants ----------

export const AdminProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  image_url: z.string().nullable(),
  is_active: z.boolean(),
  display_order: z.number().int(),
  variant_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const ProductBody = z.object({
  name: reqStr('Product name is required', 120),
  description: optText(2000),
  category: optText(60),
  image_url: optText(2000),
  is_active: z.boolean().default(true),
  display_order: displayOrder,
});
export type ProductBody = z.infer<typeof ProductBody>;

export const AdminProductsResponse = z.object({ items: z.array(AdminProduct) });
export const AdminProductResponse = z.object({ product: AdminProduct, message: z.string() });
export const MessageResponse = z.object({ message: z.string() });

export const AdminVariant = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: Poisha,
  /** Read-only: the number of available voucher codes. */
  stock: z.number().int(),
  voucher_count: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminVariant = z.infer<typeof AdminVariant>;

const priceMessage = 'Please enter a valid price';
export const VariantBody = z.object({
  product_id: reqStr('Please select a product', 64),
  name: reqStr('Variant name is required', 120),
  description: optText(2000),
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
  is_active: z.boolean().default(true),
});
export type VariantBody = z.infer<typeof VariantBody>;

export const AdminVariantsResponse = z.object({ items: z.array(AdminVariant) });
export const AdminVariantResponse = z.object({ variant: AdminVariant, message: z.string() });

// ---------- admin: vouchers ----------

export const CodeStatus = z.enum(CODE_STATUSES);
export type CodeStatus = z.infer<typeof CodeStatus>;

export const Voucher = z.object({
  id: z.string(),
  variant_id: z.string(),
  product_id: z.string(),
  variant_name: z.string().nullable(),
  product_name: z.string().nullable(),
  code: z.string(),
  status: CodeStatus,
  order_id: z.string().nullable(),
  user_id: z.string().nullable(),
  reserved_until: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Voucher = z.infer<typeof Voucher>;

export const VouchersQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  status: CodeStatus.optional(),
  variant_id: Id.optional(),
});
export const VouchersPage = z.object({ items: z.array(Voucher), cursor: z.string().nullable() });

const codeText = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(200, 'Code must be at most 200 characters')
  // eslint-disable-next-line no-control-regex
  .refine((c) => !/[\u0000-\u001f\u007f-\u009f]/.test(c), 'Code must not contain control characters');

export const AddVoucherBody = z.object({
  variant_id: reqStr('Please select a variant', 64),
  code: codeText,
});
export const AddVoucherResponse = z.object({ voucher: Voucher, message: z.string() });

export const MAX_IMPORT_CODES = 1000;
export const ImportVouchersBody = z.object({
  variant_id: reqStr('Please select a variant', 64),
  codes: z
    .array(z.string().max(10_000), { error: 'Please add at least one code' })
    .min(1, 'Please add at least one code')
    .max(MAX_IMPORT_CODES, `At most ${MAX_IMPORT_CODES} codes per request`),
});
export const ImportOutcome = z.enum(['added', 'duplicate_in_file', 'already_in_shop', 'invalid']);
export type ImportOutcome = z.infer<typeof ImportOutcome>;
export const ImportVouchersResponse = z.object({
  results: z.array(z.object({ code: z.string(), status: ImportOutcome, message: z.string().optional() })),
  counts: z.object({
    added: z.number().int(),
    duplicate_in_file: z.number().int(),
    already_in_shop: z.number().int(),
    invalid: z.number().int(),
  }),
  /** The variant's stock after the import. */
  stock: z.number().int(),
});
export const VoucherParams = z.object({ variant_id: Id, id: Id });

// ---------- admin: categories ----------

const categoryName = z
  .string({ error: 'Category name is required' })
  .trim()
  .min(1, 'Category name is required')
  .max(60, 'Must be at most 60 characters');
export const Category = z.object({ name: z.string(), product_count: z.number().int() });
export const CategoriesResponse = z.object({ items: z.array(Category) });
export const CategoryBody = z.object({ name: categoryName });
export const CategoryParams = z.object({ name: categoryName });
export const CategoryChangeResponse = z.object({ message: z.string(), updated: z.number().int() });

// ---------- admin: site content ----------

export const SlideBody = z.object({
  title: reqStr('Title is required', 120),
  subtitle: optText(300),
  image_url: reqStr('Image URL is required', 2000),
  link_url: optText(2000),
  is_active: z.boolean().default(true),
  display_order: displayOrder,
});
export const SlidesResponse = z.object({ items: z.array(Slide) });
export const SlideResponse = z.object({ slide: Slide, message: z.string() });

const isoDateTime = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' });
export const AnnouncementBody = z.object({
  title: reqStr('Title is required', 120),
  message: reqStr('Message is required', 2000),
  is_active: z.boolean().default(true),
  /** Empty is sent as null (no expiry). */
  expires_at: z
    .union([isoDateTime, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? new Date(v).toISOString() : null)),
});
export const AnnouncementsResponse = z.object({ items: z.array(Announcement) });
export const AnnouncementResponse = z.object({ announcement: Announcement, message: z.string() });

const seoFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(60, 'Title must be at most 60 characters'),
  description: z
    .string()
    .trim()
    .max(160, 'Description must be at most 160 characters')
    .nullish()
    .transform((v) => v || null),
  keywords: optText(500),
  og_image: optText(2000),
};
export const SeoCreateBody = z.object({
  page_path: z
    .string({ error: 'Page path is required' })
    .trim()
    .min(1, 'Page path is required')
    .max(300, 'Must be at most 300 characters')
    .regex(/^\/[^\s]*$/, 'Page path must start with /'),
  ...seoFields,
});
/** page_path cannot be changed after creation (it is not read from an update). */
export const SeoUpdateBody = z.object(seoFields);
export const SeoRowsResponse = z.object({ items: z.array(SeoRow) });
export const SeoRowResponse = z.object({ seo: SeoRow, message: z.string() });

const optUrlOrPath = optText(2000);
export const SiteSettingsBody = z.object({
  brand_name: reqStr('Brand name is required', 60),
  logo_url: optUrlOrPath,
  support_whatsapp: z
    .string()
    .trim()
    .regex(/^\+?\d{8,15}$/, 'Please enter a valid WhatsApp number')
    .or(z.literal(''))
    .nullish()
    .transform((v) => v || null),
  hotline: optText(30),
  telegram_url: optUrlOrPath,
  whatsapp_community_url: optUrlOrPath,
});
export const SiteSettingsResponse = z.object({ settings: SiteSettings, message: z.string().optional() });
