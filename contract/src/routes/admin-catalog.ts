import type { RouteTable } from '../route-def';

export const adminCatalogRoutes = {} satisfies RouteTable;
