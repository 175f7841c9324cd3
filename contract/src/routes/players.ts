import type { RouteTable } from '../route-def';

export const playersRoutes = {} satisfies RouteTable;
