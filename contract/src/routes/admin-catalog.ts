import type { RouteTable } from '../route-def';
import {
  AddVoucherBody,
  AddVoucherResponse,
  AdminProductResponse,
  AdminProductsResponse,
  AdminVariantResponse,
  AdminVariantsResponse,
  AnnouncementBody,
  AnnouncementResponse,
  AnnouncementsResponse,
  CategoriesResponse,
  CategoryBody,
  CategoryChangeResponse,
  CategoryParams,
  IdParams,
  ImportVouchersBody,
  ImportVouchersResponse,
  MessageResponse,
  ProductBody,
  SeoCreateBody,
  SeoRowResponse,
  SeoRowsResponse,
  SeoUpdateBody,
  SiteSettingsBody,
  SiteSettingsResponse,
  SlideBody,
  SlideResponse,
  SlidesResponse,
  VariantBody,
  VoucherParams,
  VouchersPage,
  VouchersQuery,
} from '../schemas/catalog';

const a = 'admin' as const;

export const adminCatalogRoutes = {
  // Products
  adminListProducts: { method: 'GET', path: '/api/admin/products', handler: 'admin-catalog/list-products', access: a, summary: 'Products with variant count by display_order', response: AdminProductsResponse },
  adminCreateProduct: { method: 'POST', path: '/api/admin/products', handler: 'admin-catalog/create-product', access: a, summary: 'Create a product', body: ProductBody, response: AdminProductResponse, status: 201 },
  adminUpdateProduct: { method: 'PUT', path: '/api/admin/products/{id}', handler: 'admin-catalog/update-product', access: a, summary: 'Update a product', params: IdParams, body: ProductBody, response: AdminProductResponse },
  adminDeleteProduct: { method: 'DELETE', path: '/api/admin/products/{id}', handler: 'admin-catalog/delete-product', access: a, summary: 'Delete a product with its variants and their available codes', params: IdParams, response: MessageResponse },

  // Variants
  adminListVariants: { method: 'GET', path: '/api/admin/variants', handler: 'admin-catalog/list-variants', access: a, summary: 'Variants with product name and voucher count, newest first', response: AdminVariantsResponse },
  adminCreateVariant: { method: 'POST', path: '/api/admin/variants', handler: 'admin-catalog/create-variant', access: a, summary: 'Create a variant (stock starts at 0)', body: VariantBody, response: AdminVariantResponse, status: 201 },
  adminUpdateVariant: { method: 'PUT', path: '/api/admin/variants/{id}', handler: 'admin-catalog/update-variant', access: a, summary: 'Update a variant (stock is read-only)', params: IdParams, body: VariantBody, response: AdminVariantResponse },
  adminDeleteVariant: { method: 'DELETE', path: '/api/admin/variants/{id}', handler: 'admin-catalog/delete-variant', access: a, summary: 'Delete a variant and its available codes', params: IdParams, response: MessageResponse },

  // Vouchers (stock)
  adminListVouchers: { method: 'GET', path: '/api/admin/vouchers', handler: 'admin-catalog/list-vouchers', access: a, summary: 'Voucher codes newest first, by status and/or variant, cursor pages', query: VouchersQuery, response: VouchersPage },
  adminAddVoucher: { method: 'POST', path: '/api/admin/vouchers', handler: 'admin-catalog/add-voucher', access: a, summary: 'Add one voucher code to a variant', body: AddVoucherBody, response: AddVoucherResponse, status: 201 },
  adminImportVouchers: { method: 'POST', path: '/api/admin/vouchers/import', handler: 'admin-catalog/import-vouchers', access: a, summary: 'Bulk import up to 1,000 codes to a variant', body: ImportVouchersBody, response: ImportVouchersResponse },
  adminDeleteVoucher: { method: 'DELETE', path: '/api/admin/vouchers/{variant_id}/{id}', handler: 'admin-catalog/delete-voucher', access: a, summary: 'Delete an available voucher code', params: VoucherParams, response: MessageResponse },

  // Categories (derived from products)
  adminListCategories: { method: 'GET', path: '/api/admin/categories', handler: 'admin-catalog/list-categories', access: a, summary: 'Distinct product categories with product counts', response: CategoriesResponse },
  adminRenameCategory: { method: 'PUT', path: '/api/admin/categories/{name}', handler: 'admin-catalog/rename-category', access: a, summary: 'Rename a category on every product of it', params: CategoryParams, body: CategoryBody, response: CategoryChangeResponse },
  adminRemoveCategory: { method: 'DELETE', path: '/api/admin/categories/{name}', handler: 'admin-catalog/remove-category', access: a, summary: 'Remove a category (its products get no category)', params: CategoryParams, response: CategoryChangeResponse },

  // Hero slides
  adminListSlides: { method: 'GET', path: '/api/admin/hero', handler: 'admin-catalog/list-slides', access: a, summary: 'Hero slides by display_order', response: SlidesResponse },
  adminCreateSlide: { method: 'POST', path: '/api/admin/hero', handler: 'admin-catalog/create-slide', access: a, summary: 'Create a hero slide', body: SlideBody, response: SlideResponse, status: 201 },
  adminUpdateSlide: { method: 'PUT', path: '/api/admin/hero/{id}', handler: 'admin-catalog/update-slide', access: a, summary: 'Update a hero slide', params: IdParams, body: SlideBody, response: SlideResponse },
  adminDeleteSlide: { method: 'DELETE', path: '/api/admin/hero/{id}', handler: 'admin-catalog/delete-slide', access: a, summary: 'Delete a hero slide', params: IdParams, response: MessageResponse },

  // Announcements (popups)
  adminListAnnouncements: { method: 'GET', path: '/api/admin/announcements', handler: 'admin-catalog/list-announcements', access: a, summary: 'Announcements newest first', response: AnnouncementsResponse },
  adminCreateAnnouncement: { method: 'POST', path: '/api/admin/announcements', handler: 'admin-catalog/create-announcement', access: a, summary: 'Create an announcement', body: AnnouncementBody, response: AnnouncementResponse, status: 201 },
  adminUpdateAnnouncement: { method: 'PUT', path: '/api/admin/announcements/{id}', handler: 'admin-catalog/update-announcement', access: a, summary: 'Update an announcement', params: IdParams, body: AnnouncementBody, response: AnnouncementResponse },
  adminDeleteAnnouncement: { method: 'DELETE', path: '/api/admin/announcements/{id}', handler: 'admin-catalog/delete-announcement', access: a, summary: 'Delete an announcement', params: IdParams, response: MessageResponse },

  // SEO rows
  adminListSeo: { method: 'GET', path: '/api/admin/seo', handler: 'admin-catalog/list-seo', access: a, summary: 'SEO rows by page path', response: SeoRowsResponse },
  adminCreateSeo: { method: 'POST', path: '/api/admin/seo', handler: 'admin-catalog/create-seo', access: a, summary: 'Create the SEO row of a page path', body: SeoCreateBody, response: SeoRowResponse, status: 201 },
  adminUpdateSeo: { method: 'PUT', path: '/api/admin/seo/{id}', handler: 'admin-catalog/update-seo', access: a, summary: 'Update an SEO row (page_path is immutable)', params: IdParams, body: SeoUpdateBody, response: SeoRowResponse },
  adminDeleteSeo: { method: 'DELETE', path: '/api/admin/seo/{id}', handler: 'admin-catalog/delete-seo', access: a, summary: 'Delete an SEO row', params: IdParams, response: MessageResponse },

  // Site settings
  adminGetSiteSettings: { method: 'GET', path: '/api/admin/site', handler: 'admin-catalog/get-site-settings', access: a, summary: 'Site settings (brand, logo, support and community links)', response: SiteSettingsResponse },
  adminPutSiteSettings: { method: 'PUT', path: '/api/admin/site', handler: 'admin-catalog/put-site-settings', access: a, summary: 'Save site settings', body: SiteSettingsBody, response: SiteSettingsResponse },
} satisfies RouteTable;
