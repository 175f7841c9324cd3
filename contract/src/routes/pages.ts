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

export const pagesRoutes = {
  getPage,
  adminPutPage,
} satisfies RouteTable;
