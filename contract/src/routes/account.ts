import type { RouteDef, RouteTable } from '../route-def';
import {
  EmailPreferencesBody,
  EmailPreferencesResponse,
  LanguageBody,
  LanguageResponse,
  MeResponse,
} from '../schemas/account';

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

export const putLanguage = {
  method: 'PUT',
  path: '/api/me/language',
  handler: 'account/put-language',
  access: 'user',
  summary: "Save the signed-in user's language (bn or en): their emails are written in it",
  body: LanguageBody,
  response: LanguageResponse,
} satisfies RouteDef;

/** The signed-in customer's own account. */
export const accountRoutes = {
  getMe,
  putEmailPreferences,
  putLanguage,
} satisfies RouteTable;
