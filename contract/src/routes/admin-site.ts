import type { RouteDef, RouteTable } from '../route-def';
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
import { MessageResponse } from '../schemas/common';
import { IdParams } from '../schemas/ids';

const a = 'admin' as const;

// Hero slides
export const adminListSlides = {
  method: 'GET',
  path: '/api/admin/hero',
  handler: 'admin-site/list-slides',
  access: a,
  summary: 'Hero slides by display_order',
  response: SlidesResponse,
} satisfies RouteDef;

export const adminCreateSlide = {
  method: 'POST',
  path: '/api/admin/hero',
  handler: 'admin-site/create-slide',
  access: a,
  summary: 'Create a hero slide',
  body: SlideBody,
  response: SlideResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdateSlide = {
  method: 'PUT',
  path: '/api/admin/hero/{id}',
  handler: 'admin-site/update-slide',
  access: a,
  summary: 'Update a hero slide',
  params: IdParams,
  body: SlideBody,
  response: SlideResponse,
} satisfies RouteDef;

export const adminDeleteSlide = {
  method: 'DELETE',
  path: '/api/admin/hero/{id}',
  handler: 'admin-site/delete-slide',
  access: a,
  summary: 'Delete a hero slide',
  params: IdParams,
  response: MessageResponse,
} satisfies RouteDef;

// Announcements (popups)
export const adminListAnnouncements = {
  method: 'GET',
  path: '/api/admin/announcements',
  handler: 'admin-site/list-announcements',
  access: a,
  summary: 'Announcements newest first',
  response: AnnouncementsResponse,
} satisfies RouteDef;

export const adminCreateAnnouncement = {
  method: 'POST',
  path: '/api/admin/announcements',
  handler: 'admin-site/create-announcement',
  access: a,
  summary: 'Create an announcement',
  body: AnnouncementBody,
  response: AnnouncementResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdateAnnouncement = {
  method: 'PUT',
  path: '/api/admin/announcements/{id}',
  handler: 'admin-site/update-announcement',
  access: a,
  summary: 'Update an announcement',
  params: IdParams,
  body: AnnouncementBody,
  response: AnnouncementResponse,
} satisfies RouteDef;

export const adminDeleteAnnouncement = {
  method: 'DELETE',
  path: '/api/admin/announcements/{id}',
  handler: 'admin-site/delete-announcement',
  access: a,
  summary: 'Delete an announcement',
  params: IdParams,
  response: MessageResponse,
} satisfies RouteDef;

// SEO rows
export const adminListSeo = {
  method: 'GET',
  path: '/api/admin/seo',
  handler: 'admin-site/list-seo',
  access: a,
  summary: 'SEO rows by page path',
  response: SeoRowsResponse,
} satisfies RouteDef;

export const adminCreateSeo = {
  method: 'POST',
  path: '/api/admin/seo',
  handler: 'admin-site/create-seo',
  access: a,
  summary: 'Create the SEO row of a page path',
  body: SeoCreateBody,
  response: SeoRowResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdateSeo = {
  method: 'PUT',
  path: '/api/admin/seo/{id}',
  handler: 'admin-site/update-seo',
  access: a,
  summary: 'Update an SEO row (page_path is immutable)',
  params: IdParams,
  body: SeoUpdateBody,
  response: SeoRowResponse,
} satisfies RouteDef;

export const adminDeleteSeo = {
  method: 'DELETE',
  path: '/api/admin/seo/{id}',
  handler: 'admin-site/delete-seo',
  access: a,
  summary: 'Delete an SEO row',
  params: IdParams,
  response: MessageResponse,
} satisfies RouteDef;

// Site settings
export const adminGetSiteSettings = {
  method: 'GET',
  path: '/api/admin/site',
  handler: 'admin-site/get-site-settings',
  access: a,
  summary: 'Site settings (brand, logo, support and community links)',
  response: SiteSettingsResponse,
} satisfies RouteDef;

export const adminPutSiteSettings = {
  method: 'PUT',
  path: '/api/admin/site',
  handler: 'admin-site/put-site-settings',
  access: a,
  summary: 'Save site settings',
  body: SiteSettingsBody,
  response: SiteSettingsResponse,
} satisfies RouteDef;

// Notification settings (server only: never in GET /api/site)
export const adminGetNotifySettings = {
  method: 'GET',
  path: '/api/admin/notification-settings',
  handler: 'admin-site/get-notify-settings',
  access: a,
  summary: "The shop's alert addresses and low-stock level",
  response: NotifySettingsResponse,
} satisfies RouteDef;

export const adminPutNotifySettings = {
  method: 'PUT',
  path: '/api/admin/notification-settings',
  handler: 'admin-site/put-notify-settings',
  access: a,
  summary: 'Save the alert addresses and the low-stock level',
  body: NotifySettingsBody,
  response: NotifySettingsResponse,
} satisfies RouteDef;

// Receiving accounts for manual (TrxID) top-ups: public in GET /api/site, edited here
export const adminGetReceivingAccounts = {
  method: 'GET',
  path: '/api/admin/receiving-accounts',
  handler: 'admin-site/get-receiving-accounts',
  access: a,
  summary: "The shop's bKash/Nagad/Rocket numbers and bank accounts for manual top-ups",
  response: ReceivingAccountsResponse,
} satisfies RouteDef;

export const adminPutReceivingAccounts = {
  method: 'PUT',
  path: '/api/admin/receiving-accounts',
  handler: 'admin-site/put-receiving-accounts',
  access: a,
  summary: 'Save the receiving accounts (replaces the whole list)',
  body: ReceivingAccountsBody,
  response: ReceivingAccountsResponse,
} satisfies RouteDef;

/** The site settings screen: hero slides, announcements, SEO rows, the site's settings, notifications, receiving accounts. */
export const adminSiteRoutes = {
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
