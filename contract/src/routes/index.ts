import type { RouteDef } from '../route-def';
import { adminCatalogRoutes } from './admin-catalog';
import { adminSiteRoutes } from './admin-site';
import { adminCommerceRoutes } from './admin-commerce';
import { adminFulfilmentRoutes } from './admin-fulfilment';
import { adminReconciliationRoutes } from './admin-reconciliation';
import { adminRefundsRoutes } from './admin-refunds';
import { adminAuditRoutes } from './admin-audit';
import { accountRoutes } from './account';
import { adminUsersRoutes } from './admin-users';
import { catalogRoutes } from './catalog';
import { ordersRoutes } from './orders';
import { pagesRoutes } from './pages';
import { paymentsRoutes } from './payments';
import { playersRoutes } from './players';
import { resellersRoutes } from './resellers';
import { promosRoutes } from './promos';
import { systemRoutes } from './system';
import { walletRoutes } from './wallet';

/**
 * THE route table: every API route of the product, one row each. CDK builds one Lambda and one
 * HTTP API route per row; the local server dispatches from the same rows; the SPA's API client
 * and the OpenAPI document read the same schemas. Each area keeps its rows in its own file.
 */
export const routes = {
  ...systemRoutes,
  ...accountRoutes,
  ...catalogRoutes,
  ...playersRoutes,
  ...ordersRoutes,
  ...promosRoutes,
  ...walletRoutes,
  ...paymentsRoutes,
  ...adminCatalogRoutes,
  ...adminSiteRoutes,
  ...adminCommerceRoutes,
  ...adminFulfilmentRoutes,
  ...adminReconciliationRoutes,
  ...adminRefundsRoutes,
  ...adminAuditRoutes,
  ...adminUsersRoutes,
  ...resellersRoutes,
  ...pagesRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export const routeList: Array<RouteDef & { name: string }> = Object.entries(routes).map(([name, def]) => ({
  name,
  ...(def as RouteDef),
}));
