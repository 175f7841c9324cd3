import type { RouteDef, RouteTable } from '../route-def';
import { MeResponse } from '../schemas/account';

export const getMe = {
  method: 'GET',
  path: '/api/me',
  handler: 'account/get-me',
  access: 'user',
  summary: 'The signed-in user: profile, wallet balance and admin flag (profile created on first call)',
  response: MeResponse,
} satisfies RouteDef;

/** The signed-in customer's own account. */
export const accountRoutes = {
  getMe,
} satisfies RouteTable;
