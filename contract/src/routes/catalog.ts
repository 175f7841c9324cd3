import type { RouteDef, RouteTable } from '../route-def';
import { CatalogResponse, ProductResponse } from '../schemas/catalog-public';
import { IdParams } from '../schemas/ids';
import { SiteResponse } from '../schemas/site';

export const getCatalog = {
  method: 'GET',
  path: '/api/catalog',
  handler: 'catalog/get-catalog',
  access: 'public',
  summary: 'Active products with their active variants, prices and stock, in display order',
  response: CatalogResponse,
  edgeCacheSeconds: 5,
  // SITE: the settings item, for an operator's promised minutes.
  partitions: ['CATALOG', 'STOCK#*', 'SITE'],
} satisfies RouteDef;

export const getProduct = {
  method: 'GET',
  path: '/api/products/{id}',
  handler: 'catalog/get-product',
  access: 'public',
  summary:
    "One active product with its active variants by price ascending, each with its price per unit and the 'Best value' and 'Popular' (last 7 days' completed orders) badges",
  params: IdParams,
  response: ProductResponse,
  edgeCacheSeconds: 5,
  partitions: ['CATALOG', 'STOCK#*', 'CONFIG#PLAYERS', 'SALES#*', 'SITE'],
} satisfies RouteDef;

export const getSite = {
  method: 'GET',
  path: '/api/site',
  handler: 'catalog/get-site',
  access: 'public',
  summary: 'Hero slides, the current announcement, SEO rows and site settings',
  response: SiteResponse,
  edgeCacheSeconds: 5,
  partitions: ['SITE'],
} satisfies RouteDef;

export const catalogRoutes = {
  getCatalog,
  getProduct,
  getSite,
} satisfies RouteTable;
