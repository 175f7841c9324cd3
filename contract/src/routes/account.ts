import type { RouteTable } from '../route-def';
import { MeResponse } from '../schemas/account';

/** The signed-in customer's own account. */
export const accountRoutes = {
  getMe: {
    method: 'GET',
    path: '/api/me',
    handler: 'account/get-me',
    access: 'user',
    summary: 'The signed-in user: profile, wallet balance and admin flag (profile created on first call)',
    response: MeResponse,
  },
} satisfies RouteTable;
