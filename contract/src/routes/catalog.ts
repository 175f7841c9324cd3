import type { RouteTable } from '../route-def';

export const catalogRoutes = {} satisfies RouteTable;
