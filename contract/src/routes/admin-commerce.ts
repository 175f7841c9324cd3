import type { RouteTable } from '../route-def';

export const adminCommerceRoutes = {} satisfies RouteTable;
