import type { RouteDef, RouteTable } from '../route-def';
import {
  AdminProductResponse,
  AdminProductsResponse,
  AdminVariantResponse,
  AdminVariantsResponse,
  CategoriesResponse,
  CategoryBody,
  CategoryChangeResponse,
  CategoryParams,
  ProductBody,
  VariantBody,
} from '../schemas/catalog-admin';
import { MessageResponse } from '../schemas/common';
import { IdParams } from '../schemas/ids';
import {
  AnnouncementBody,
  AnnouncementResponse,
  AnnouncementsResponse,
  SeoCreateBody,
  SeoRowResponse,
  SeoRowsResponse,
  SeoUpdateBody,
  SiteSettingsBody,
  SiteSettingsResponse,
  NotifySettingsBody,
  NotifySettingsResponse,
  ReceivingAccountsBody,
  ReceivingAccountsResponse,
  SlideBody,
  SlideResponse,
  SlidesResponse,
} from '../schemas/site-admin';
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

// Hero slides
export const adminListSlides = {
  method: 'GET',
  path: '/api/admin/hero',
  handler: 'admin-catalog/list-slides',
  access: a,
  summary: 'Hero slides by display_order',
  response: SlidesResponse,
} satisfies RouteDef;

export const adminCreateSlide = {
  method: 'POST',
  path: '/api/admin/hero',
  handler: 'admin-catalog/create-slide',
  access: a,
  summary: 'Create a hero slide',
  body: SlideBody,
  response: SlideResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdateSlide = {
  method: 'PUT',
  path: '/api/admin/hero/{id}',
  handler: 'admin-catalog/update-slide',
  access: a,
  summary: 'Update a hero slide',
  params: IdParams,
  body: SlideBody,
  response: SlideResponse,
} satisfies RouteDef;

export const adminDeleteSlide = {
  method: 'DELETE',
  path: '/api/admin/hero/{id}',
  handler: 'admin-catalog/delete-slide',
  access: a,
  summary: 'Delete a hero slide',
  params: IdParams,
  response: MessageResponse,
} satisfies RouteDef;

// Announcements (popups)
export const adminListAnnouncements = {
  method: 'GET',
  path: '/api/admin/announcements',
  handler: 'admin-catalog/list-announcements',
  access: a,
  summary: 'Announcements newest first',
  response: AnnouncementsResponse,
} satisfies RouteDef;

export const adminCreateAnnouncement = {
  method: 'POST',
  path: '/api/admin/announcements',
  handler: 'admin-catalog/create-announcement',
  access: a,
  summary: 'Create an announcement',
  body: AnnouncementBody,
  response: AnnouncementResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdateAnnouncement = {
  method: 'PUT',
  path: '/api/admin/announcements/{id}',
  handler: 'admin-catalog/update-announcement',
  access: a,
  summary: 'Update an announcement',
  params: IdParams,
  body: AnnouncementBody,
  response: AnnouncementResponse,
} satisfies RouteDef;

export const adminDeleteAnnouncement = {
  method: 'DELETE',
  path: '/api/admin/announcements/{id}',
  handler: 'admin-catalog/delete-announcement',
  access: a,
  summary: 'Delete an announcement',
  params: IdParams,
  response: MessageResponse,
} satisfies RouteDef;

// SEO rows
export const adminListSeo = {
  method: 'GET',
  path: '/api/admin/seo',
  handler: 'admin-catalog/list-seo',
  access: a,
  summary: 'SEO rows by page path',
  response: SeoRowsResponse,
} satisfies RouteDef;

export const adminCreateSeo = {
  method: 'POST',
  path: '/api/admin/seo',
  handler: 'admin-catalog/create-seo',
  access: a,
  summary: 'Create the SEO row of a page path',
  body: SeoCreateBody,
  response: SeoRowResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdateSeo = {
  method: 'PUT',
  path: '/api/admin/seo/{id}',
  handler: 'admin-catalog/update-seo',
  access: a,
  summary: 'Update an SEO row (page_path is immutable)',
  params: IdParams,
  body: SeoUpdateBody,
  response: SeoRowResponse,
} satisfies RouteDef;

export const adminDeleteSeo = {
  method: 'DELETE',
  path: '/api/admin/seo/{id}',
  handler: 'admin-catalog/delete-seo',
  access: a,
  summary: 'Delete an SEO row',
  params: IdParams,
  response: MessageResponse,
} satisfies RouteDef;

// Site settings
export const adminGetSiteSettings = {
  method: 'GET',
  path: '/api/admin/site',
  handler: 'admin-catalog/get-site-settings',
  access: a,
  summary: 'Site settings (brand, logo, support and community links)',
  response: SiteSettingsResponse,
} satisfies RouteDef;

export const adminPutSiteSettings = {
  method: 'PUT',
  path: '/api/admin/site',
  handler: 'admin-catalog/put-site-settings',
  access: a,
  summary: 'Save site settings',
  body: SiteSettingsBody,
  response: SiteSettingsResponse,
} satisfies RouteDef;

// Notification settings (server only: never in GET /api/site)
export const adminGetNotifySettings = {
  method: 'GET',
  path: '/api/admin/notification-settings',
  handler: 'admin-catalog/get-notify-settings',
  access: a,
  summary: "The shop's alert addresses and low-stock level",
  response: NotifySettingsResponse,
} satisfies RouteDef;

export const adminPutNotifySettings = {
  method: 'PUT',
  path: '/api/admin/notification-settings',
  handler: 'admin-catalog/put-notify-settings',
  access: a,
  summary: 'Save the alert addresses and the low-stock level',
  body: NotifySettingsBody,
  response: NotifySettingsResponse,
} satisfies RouteDef;

// Receiving accounts for manual (TrxID) top-ups: public in GET /api/site, edited here
export const adminGetReceivingAccounts = {
  method: 'GET',
  path: '/api/admin/receiving-accounts',
  handler: 'admin-catalog/get-receiving-accounts',
  access: a,
  summary: "The shop's bKash/Nagad/Rocket numbers and bank accounts for manual top-ups",
  response: ReceivingAccountsResponse,
} satisfies RouteDef;

export const adminPutReceivingAccounts = {
  method: 'PUT',
  path: '/api/admin/receiving-accounts',
  handler: 'admin-catalog/put-receiving-accounts',
  access: a,
  summary: 'Save the receiving accounts (replaces the whole list)',
  body: ReceivingAccountsBody,
  response: ReceivingAccountsResponse,
} satisfies RouteDef;

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
  adminListSlides,
  adminCreateSlide,
  adminUpdateSlide,
  adminDeleteSlide,
  adminListAnnouncements,
  adminCreateAnnouncement,
  adminUpdateAnnouncement,
  adminDeleteAnnouncement,
  adminListSeo,
  adminCreateSeo,
  adminUpdateSeo,
  adminDeleteSeo,
  adminGetSiteSettings,
  adminPutSiteSettings,
  adminGetNotifySettings,
  adminPutNotifySettings,
  adminGetReceivingAccounts,
  adminPutReceivingAccounts,
} satisfies RouteTable;
