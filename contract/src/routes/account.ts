import type { RouteDef, RouteTable } from '../route-def';
import { EmailPreferencesBody, EmailPreferencesResponse, MeResponse } from '../schemas/account';

export const getMe = {
  method: 'GET',
  path: '/api/me',
  handler: 'account/get-me',
  access: 'user',
  summary: 'The signed-in user: profile, wallet balance and admin flag (profile created on first call)',
  response: MeResponse,
} satisfies RouteDef;

export const putEmailPreferences = {
  method: 'PUT',
  path: '/api/me/notifications',
  handler: 'account/put-email-preferences',
  access: 'user',
  summary: 'Turn the emails besides receipts on or off for the signed-in user',
  body: EmailPreferencesBody,
  response: EmailPreferencesResponse,
} satisfies RouteDef;

/** The signed-in customer's own account. */
export const accountRoutes = {
  getMe,
  putEmailPreferences,
} satisfies RouteTable;
