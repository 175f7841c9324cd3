import type { RouteDef, RouteTable } from '../route-def';
import {
  AdminProductResponse,
  AdminProductsResponse,
  AdminVariantResponse,
  AdminVariantsResponse,
  CategoriesResponse,
  CategoryBanglaBody,
  CategoryBanglaResponse,
  CategoryBody,
  CategoryChangeResponse,
  CategoryParams,
  ProductBody,
  VariantBody,
} from '../schemas/catalog-admin';
import { MessageResponse } from '../schemas/common';
import { IdParams } from '../schemas/ids';
import {
  AddVoucherBody,
  AddVoucherResponse,
  ImportVouchersBody,
  ImportVouchersResponse,
  VoucherParams,
  VouchersPage,
  VouchersQuery,
} from '../schemas/vouchers';
import { DeleteVariantResponse, JobResponse } from '../schemas/jobs';

const a = 'admin' as const;

// Products
export const adminListProducts = {
  method: 'GET',
  path: '/api/admin/products',
  handler: 'admin-catalog/list-products',
  access: a,
  summary: 'Products with variant count by display_order',
  response: AdminProductsResponse,
} satisfies RouteDef;

export const adminCreateProduct = {
  method: 'POST',
  path: '/api/admin/products',
  handler: 'admin-catalog/create-product',
  access: a,
  summary: 'Create a product',
  body: ProductBody,
  response: AdminProductResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdateProduct = {
  method: 'PUT',
  path: '/api/admin/products/{id}',
  handler: 'admin-catalog/update-product',
  access: a,
  summary: 'Update a product',
  params: IdParams,
  body: ProductBody,
  response: AdminProductResponse,
} satisfies RouteDef;

export const adminDeleteProduct = {
  method: 'DELETE',
  path: '/api/admin/products/{id}',
  handler: 'admin-catalog/delete-product',
  access: a,
  summary: 'Delete a product with its variants and their available codes',
  params: IdParams,
  response: MessageResponse,
  kicksJob: 'adminJobs',
} satisfies RouteDef;

// Variants
export const adminListVariants = {
  method: 'GET',
  path: '/api/admin/variants',
  handler: 'admin-catalog/list-variants',
  access: a,
  summary: 'Variants with product name and voucher count, newest first',
  response: AdminVariantsResponse,
} satisfies RouteDef;

export const adminCreateVariant = {
  method: 'POST',
  path: '/api/admin/variants',
  handler: 'admin-catalog/create-variant',
  access: a,
  summary: 'Create a variant (stock starts at 0)',
  body: VariantBody,
  response: AdminVariantResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdateVariant = {
  method: 'PUT',
  path: '/api/admin/variants/{id}',
  handler: 'admin-catalog/update-variant',
  access: a,
  summary: 'Update a variant (stock is read-only)',
  params: IdParams,
  body: VariantBody,
  response: AdminVariantResponse,
} satisfies RouteDef;

export const adminDeleteVariant = {
  method: 'DELETE',
  path: '/api/admin/variants/{id}',
  handler: 'admin-catalog/delete-variant',
  access: a,
  summary:
    'Delete a variant and its available codes: 200 when done in the request, else 202 with a job that continues in the background',
  params: IdParams,
  response: DeleteVariantResponse,
  kicksJob: 'adminJobs',
} satisfies RouteDef;

export const adminGetJob = {
  method: 'GET',
  path: '/api/admin/jobs/{id}',
  handler: 'admin-catalog/get-job',
  access: a,
  summary: 'Progress of a background admin job (e.g. deleting a variant)',
  params: IdParams,
  response: JobResponse,
} satisfies RouteDef;

// Vouchers (stock)
export const adminListVouchers = {
  method: 'GET',
  path: '/api/admin/vouchers',
  handler: 'admin-catalog/list-vouchers',
  access: a,
  summary: 'Voucher codes newest first, by status and/or variant, cursor pages',
  query: VouchersQuery,
  response: VouchersPage,
} satisfies RouteDef;

export const adminAddVoucher = {
  method: 'POST',
  path: '/api/admin/vouchers',
  handler: 'admin-catalog/add-voucher',
  access: a,
  summary: 'Add one voucher code to a variant',
  body: AddVoucherBody,
  response: AddVoucherResponse,
  status: 201,
} satisfies RouteDef;

export const adminImportVouchers = {
  method: 'POST',
  path: '/api/admin/vouchers/import',
  handler: 'admin-catalog/import-vouchers',
  access: a,
  summary: 'Bulk import up to 1,000 codes to a variant',
  body: ImportVouchersBody,
  response: ImportVouchersResponse,
} satisfies RouteDef;

export const adminDeleteVoucher = {
  method: 'DELETE',
  path: '/api/admin/vouchers/{variant_id}/{id}',
  handler: 'admin-catalog/delete-voucher',
  access: a,
  summary: 'Delete an available voucher code',
  params: VoucherParams,
  response: MessageResponse,
} satisfies RouteDef;

// Categories (derived from products)
export const adminListCategories = {
  method: 'GET',
  path: '/api/admin/categories',
  handler: 'admin-catalog/list-categories',
  access: a,
  summary: 'Distinct product categories with product counts',
  response: CategoriesResponse,
} satisfies RouteDef;

export const adminRenameCategory = {
  method: 'PUT',
  path: '/api/admin/categories/{name}',
  handler: 'admin-catalog/rename-category',
  access: a,
  summary: 'Rename a category on every product of it',
  params: CategoryParams,
  body: CategoryBody,
  response: CategoryChangeResponse,
} satisfies RouteDef;

export const adminRemoveCategory = {
  method: 'DELETE',
  path: '/api/admin/categories/{name}',
  handler: 'admin-catalog/remove-category',
  access: a,
  summary: 'Remove a category (its products get no category)',
  params: CategoryParams,
  response: CategoryChangeResponse,
} satisfies RouteDef;

export const adminSetCategoryBangla = {
  method: 'PUT',
  path: '/api/admin/categories/{name}/bangla',
  handler: 'admin-catalog/set-category-bangla',
  access: a,
  summary: "Set a category's Bangla name (it moves with the category when renamed)",
  params: CategoryParams,
  body: CategoryBanglaBody,
  response: CategoryBanglaResponse,
} satisfies RouteDef;

/** The catalog screen: products, variants, their vouchers, categories, and the variant-delete job. */
export const adminCatalogRoutes = {
  adminListProducts,
  adminCreateProduct,
  adminUpdateProduct,
  adminDeleteProduct,
  adminListVariants,
  adminCreateVariant,
  adminUpdateVariant,
  adminDeleteVariant,
  adminGetJob,
  adminListVouchers,
  adminAddVoucher,
  adminImportVouchers,
  adminDeleteVoucher,
  adminListCategories,
  adminRenameCategory,
  adminRemoveCategory,
  adminSetCategoryBangla,
} satisfies RouteTable;
