import type { RouteDef, RouteTable } from '../route-def';
import { PageBody, PageParams, PageResponse, PageSavedResponse } from '../schemas/pages';

export const getPage = {
  method: 'GET',
  path: '/api/pages/{slug}',
  handler: 'pages/get-page',
  access: 'public',
  summary: 'One of the shop pages (terms, privacy, refund, faq) as the admin wrote it',
  params: PageParams,
  response: PageResponse,
  // Edited a few times a year: a minute at the edge is fine, and the admin sees the saved text at once.
  edgeCacheSeconds: 60,
  partitions: ['PAGES'],
} satisfies RouteDef;

export const adminPutPage = {
  method: 'PUT',
  path: '/api/admin/pages/{slug}',
  handler: 'pages/put-page',
  access: 'admin',
  summary:
    'Save a shop page: title, body (paragraphs, "- " lists, "## " headings) and, for the FAQ, its questions',
  params: PageParams,
  body: PageBody,
  response: PageSavedResponse,
} satisfies RouteDef;

// The editor reads here, never through the edge-cached public route: a page reopened after a save
// shows what was saved, not the edge's copy from up to a minute before.
export const adminGetPage = {
  method: 'GET',
  path: '/api/admin/pages/{slug}',
  handler: 'pages/admin-get-page',
  access: 'admin',
  summary: 'One shop page as stored, for the editor (never cached)',
  params: PageParams,
  response: PageResponse,
} satisfies RouteDef;

export const pagesRoutes = {
  getPage,
  adminGetPage,
  adminPutPage,
} satisfies RouteTable;
