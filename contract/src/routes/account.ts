import type { RouteDef, RouteTable } from '../route-def';
import {
  EmailPreferencesBody,
  EmailPreferencesResponse,
  LanguageBody,
  LanguageResponse,
  MeResponse,
  PhoneBody,
  PhoneCodeSentResponse,
  PhoneVerifyBody,
  SmsPreferenceBody,
  SmsStateResponse,
  RemoveSavedPlayerResponse,
  SavedPlayerParams,
  SavedPlayerQuery,
  SavedPlayersResponse,
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

export const listSavedPlayers = {
  method: 'GET',
  path: '/api/me/players',
  handler: 'account/list-saved-players',
  access: 'user',
  summary:
    "The signed-in buyer's saved Player UIDs (and zones) per game, from their completed orders: newest first, at most 5 a game",
  response: SavedPlayersResponse,
} satisfies RouteDef;

export const removeSavedPlayer = {
  method: 'DELETE',
  path: '/api/me/players/{productId}/{playerUid}',
  handler: 'account/remove-saved-player',
  access: 'user',
  summary:
    "Forget one of the signed-in buyer's own saved players (`zone` in the query for a game with zones)",
  params: SavedPlayerParams,
  query: SavedPlayerQuery,
  response: RemoveSavedPlayerResponse,
} satisfies RouteDef;

export const startPhoneVerification = {
  method: 'POST',
  path: '/api/me/phone',
  handler: 'account/start-phone-verification',
  access: 'user',
  summary:
    "Send a 6-digit code by SMS to the signed-in buyer's Bangladeshi mobile number (10 minutes, 5 tries; rate-limited per user, number and IP)",
  body: PhoneBody,
  response: PhoneCodeSentResponse,
} satisfies RouteDef;

export const verifyPhone = {
  method: 'POST',
  path: '/api/me/phone/verify',
  handler: 'account/verify-phone',
  access: 'user',
  summary: "Check the code from the SMS: the number becomes the buyer's verified phone and SMS turn on",
  body: PhoneVerifyBody,
  response: SmsStateResponse,
} satisfies RouteDef;

export const putSmsPreference = {
  method: 'PUT',
  path: '/api/me/sms',
  handler: 'account/put-sms-preference',
  access: 'user',
  summary: 'Turn SMS (orders, payments, refunds, top-ups) on or off; on needs a verified phone',
  body: SmsPreferenceBody,
  response: SmsStateResponse,
} satisfies RouteDef;

/** The signed-in customer's own account. */
export const accountRoutes = {
  getMe,
  putEmailPreferences,
  putLanguage,
  listSavedPlayers,
  removeSavedPlayer,
  startPhoneVerification,
  verifyPhone,
  putSmsPreference,
} satisfies RouteTable;
