import type { RouteTable } from '../route-def';

export const ordersRoutes = {} satisfies RouteTable;
