import * as z from '../zod';
import { PLAYER_UID_MAX, ZONE_MAX } from '../account-fields';
import { digitText } from './digit-text';
import { Id } from './ids';

/** The signed-in user's profile (GET /api/me). Money in poisha. */
export const MeResponse = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.nullable(z.string()),
  balance: z.int(),
  is_admin: z.boolean(),
  created_at: z.string(),
  /** Emails besides receipts (payments, refunds, top-ups, TrxID decisions): on unless turned off. */
  notify_optional: z.boolean(),
  /** The language the buyer uses the shop in (their mails come in it); null until first chosen. */
  language: z.nullable(z.enum(['bn', 'en'])),
  /** The phone number the buyer verified by SMS code (01XXXXXXXXX); null until then. */
  sms_phone: z._default(z.nullable(z.string()), null),
  /** SMS beside email for orders, payments, refunds and top-ups: only with a verified phone. */
  sms_on: z._default(z.boolean(), false),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** PUT /api/me/notifications: receipts always go out; `optional` turns the other emails on or off. */
export const EmailPreferencesBody = z.object({
  optional: z.boolean({ error: 'Please choose whether to get these emails' }),
});
export const EmailPreferencesResponse = z.object({ optional: z.boolean(), message: z.string() });

/** PUT /api/me/language: the SPA saves the buyer's language on each switch and after sign-in. */
export const LanguageBody = z.object({
  language: z.enum(['bn', 'en'], { error: 'Please choose Bangla or English' }),
});
export const LanguageResponse = z.object({ language: z.enum(['bn', 'en']), message: z.string() });

/** A Bangladeshi mobile number, stored as 01XXXXXXXXX (operators 013-019). */
const BD_MOBILE = /^01[3-9]\d{8}$/;
const PHONE_INVALID = 'Please enter a Bangladeshi mobile number: 11 digits starting with 01';
/** As typed: digits in any script (১৭...), spaces and dashes, a +880 or 880 in front. */
const BdMobile = digitText({ error: PHONE_INVALID }).check(
  z.overwrite((v) => v.replace(/[\s-]/g, '').replace(/^\+?88(?=01)/, '')),
  z.regex(BD_MOBILE, PHONE_INVALID),
);

/** How long a phone code lasts, how many wrong tries it takes, how many a buyer may ask for. */
export const PHONE_CODE_RULES = {
  length: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  /** Codes per user per hour, and per number per hour (someone else's number cannot be flooded). */
  perUserHourly: 5,
  perPhoneHourly: 5,
  perIpHourly: 20,
} as const;

/** POST /api/me/phone: send a code by SMS to this number (the buyer's own, to be verified). */
export const PhoneBody = z.object({ phone: BdMobile });
export const PhoneCodeSentResponse = z.object({
  phone: z.string(),
  /** When the code stops working. */
  expires_at: z.string(),
  message: z.string(),
});

/** POST /api/me/phone/verify: the code from the SMS. */
export const PhoneVerifyBody = z.object({
  code: digitText({ error: 'Please enter the 6-digit code from the SMS' }).check(
    z.trim(),
    z.regex(/^\d{6}$/, 'Please enter the 6-digit code from the SMS'),
  ),
});

/** PUT /api/me/sms: SMS on or off (a verified phone is needed for on). */
export const SmsPreferenceBody = z.object({ on: z.boolean({ error: 'Please choose whether to get SMS' }) });

/** The buyer's SMS state after a verification or a switch. */
export const SmsStateResponse = z.object({
  sms_phone: z.nullable(z.string()),
  sms_on: z.boolean(),
  message: z.string(),
});

/**
 * How many Player UIDs a buyer's account keeps per game (the newest orders first): the product
 * page offers them, My Profile lists them (DESIGN 12 'Regular buyers').
 */
export const SAVED_PLAYERS_PER_GAME = 5;

/** A Player UID (and zone) the buyer completed an order for, remembered per game (product). */
export const SavedPlayer = z.object({
  product_id: z.string(),
  player_uid: z.string(),
  /** The server/zone, for a game that asks for one. */
  player_zone: z.nullable(z.string()),
  /** The name a lookup provider gave for it at the last order (null: none configured then). */
  player_name: z.nullable(z.string()),
  /** When the last completed order for it was placed. */
  last_used_at: z.string(),
});
export type SavedPlayer = z.infer<typeof SavedPlayer>;

/** GET /api/me/players: the caller's saved players, newest first, at most 5 per game. */
export const SavedPlayersResponse = z.object({ players: z.array(SavedPlayer) });

/** DELETE /api/me/players/{productId}/{playerUid}?zone=: one of the caller's own saved players. */
export const SavedPlayerParams = z.object({
  productId: Id,
  playerUid: z.string().check(z.trim(), z.minLength(1), z.maxLength(PLAYER_UID_MAX)),
});
export const SavedPlayerQuery = z.object({
  zone: z.optional(z.string().check(z.trim(), z.maxLength(ZONE_MAX))),
});
export const RemoveSavedPlayerResponse = z.object({ message: z.string() });
