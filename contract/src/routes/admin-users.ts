import type { RouteTable } from '../route-def';

export const adminUsersRoutes = {} satisfies RouteTable;
