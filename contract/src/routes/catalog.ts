import type { RouteTable } from '../route-def';
import { CatalogResponse, IdParams, ProductResponse, SiteResponse } from '../schemas/catalog';

export const catalogRoutes = {
  getCatalog: {
    method: 'GET',
    path: '/api/catalog',
    handler: 'catalog/get-catalog',
    access: 'public',
    summary: 'Active products with their active variants, prices and stock, in display order',
    response: CatalogResponse,
    edgeCacheSeconds: 5,
    partitions: ['CATALOG'],
  },
  getProduct: {
    method: 'GET',
    path: '/api/products/{id}',
    handler: 'catalog/get-product',
    access: 'public',
    summary: 'One active product with its active variants by price ascending',
    params: IdParams,
    response: ProductResponse,
    edgeCacheSeconds: 5,
    partitions: ['CATALOG'],
  },
  getSite: {
    method: 'GET',
    path: '/api/site',
    handler: 'catalog/get-site',
    access: 'public',
    summary: 'Hero slides, the current announcement, SEO rows and site settings',
    response: SiteResponse,
    edgeCacheSeconds: 5,
    partitions: ['SITE'],
  },
} satisfies RouteTable;
