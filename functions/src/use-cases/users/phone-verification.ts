import { PHONE_CODE_RULES } from '@khelaghor/contract/schemas/account';
import { brandNameIn } from '@khelaghor/contract/site-defaults';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsProvider } from '../../clients/sms/sms-provider';
import { smsReference } from '../../clients/sms/sms-reference';
import type { Db } from '../../db/client';
import { enforceRateLimits, type RateCheck } from '../../db/rate-limit';
import { getSiteSettingsItem } from '../../db/site/site-items';
import {
  confirmPhone,
  countWrongTry,
  deletePhoneCode,
  getPhoneCode,
  putPhoneCode,
  setSmsOn,
} from '../../db/users/phone-code';
import { getProfile } from '../../db/users/profiles';
import {
  badGateway,
  badRequest,
  businessRule,
  conflict,
  notFound,
  tooManyRequests,
} from '../../domain/refusals';
import { SMS_TEXTS } from '../notify/sms-messages';
import { toSettings } from '../site/site-view';

/**
 * The buyer's phone for SMS (docs/notifications.md, "SMS"): a 6-digit code by SMS to the number
 * they typed, then the code back. The number is theirs only once the code came back; the sign-up
 * phone field stays what it was (optional, never used for SMS).
 */
export interface PhoneDeps {
  db: Db;
  now: () => Date;
  /** The SMS provider, or undefined when none is set up. */
  sms: () => Promise<SmsProvider | undefined>;
}

const HOUR = 3600;
const RULES = PHONE_CODE_RULES;
const TOO_MANY_CODES = 'Too many codes asked for. Please try again later.';
const EXPIRED = 'That code has expired or was never sent. Please ask for a new code.';
const TOO_MANY_TRIES = 'Too many wrong codes. Please ask for a new code.';

/** Only the hash is stored: the user id in it keeps one buyer's hash useless for another's code. */
const hashCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

export async function startPhoneVerification(
  deps: PhoneDeps,
  caller: { userId: string; sourceIp: string },
  phone: string,
): Promise<{ phone: string; expires_at: string; message: string }> {
  const { db } = deps;
  const now = deps.now();
  // Per buyer, per number (nobody's phone can be flooded from many accounts) and per address.
  const checks: RateCheck[] = [
    {
      rule: { scope: 'phone-code-user', limit: RULES.perUserHourly, windowSeconds: HOUR },
      key: `user:${caller.userId}`,
    },
    {
      rule: { scope: 'phone-code-phone', limit: RULES.perPhoneHourly, windowSeconds: HOUR },
      key: `phone:${phone}`,
    },
    {
      rule: { scope: 'phone-code-ip', limit: RULES.perIpHourly, windowSeconds: HOUR },
      key: `ip:${caller.sourceIp}`,
    },
  ];
  await enforceRateLimits(db, checks, now, TOO_MANY_CODES);
  const provider = await deps.sms();
  if (!provider) throw badGateway('SMS is not available right now. Please try again later.', 60);

  const code = String(randomInt(0, 10 ** RULES.length)).padStart(RULES.length, '0');
  const codeHash = hashCode(caller.userId, code);
  const expiresAt = now.getTime() + RULES.ttlMinutes * 60_000;
  await putPhoneCode(db, {
    user_id: caller.userId,
    phone,
    code_hash: codeHash,
    expires_at: expiresAt,
    attempts: 0,
    created_at: now.toISOString(),
  });
  const [profile, settingsItem] = await Promise.all([getProfile(db, caller.userId), getSiteSettingsItem(db)]);
  const lang = profile?.language === 'bn' ? 'bn' : 'en';
  const text = SMS_TEXTS[lang].phoneCode({
    brand: brandNameIn(toSettings(settingsItem), lang),
    code,
    minutes: RULES.ttlMinutes,
  });
  const outcome = await provider.send({
    to: phone,
    text,
    reference: smsReference(`phone-code#${caller.userId}#${codeHash}`),
  });
  if (outcome.kind === 'refused') {
    await deletePhoneCode(db, caller.userId, codeHash);
    throw businessRule('We could not send an SMS to this number. Please check the number.');
  }
  // Unknown: the SMS may well have arrived, so the code stays good; a buyer who got nothing asks
  // for another (rate-limited). A code is never sent twice by the shop on its own.
  return {
    phone,
    expires_at: new Date(expiresAt).toISOString(),
    message: `We sent a 6-digit code by SMS to ${phone}`,
  };
}

export async function verifyPhone(
  deps: Pick<PhoneDeps, 'db' | 'now'>,
  userId: string,
  code: string,
): Promise<{ sms_phone: string; sms_on: boolean; message: string }> {
  const { db } = deps;
  const now = deps.now();
  const pending = await getPhoneCode(db, userId);
  if (!pending || pending.expires_at <= now.getTime()) throw badRequest(EXPIRED);
  if (pending.attempts >= RULES.maxAttempts) throw tooManyRequests(TOO_MANY_TRIES, 60);
  const given = Buffer.from(hashCode(userId, code));
  const right =
    given.length === pending.code_hash.length && timingSafeEqual(given, Buffer.from(pending.code_hash));
  if (!right) {
    const tries = await countWrongTry(db, userId, pending.code_hash, RULES.maxAttempts);
    if (tries === undefined || tries >= RULES.maxAttempts) throw tooManyRequests(TOO_MANY_TRIES, 60);
    throw badRequest('That code is not right. Please check the SMS and try again.');
  }
  const max = RULES.maxAttempts;
  if (!(await confirmPhone(db, userId, { phone: pending.phone, codeHash: pending.code_hash, max }, now)))
    throw badRequest(EXPIRED);
  return { sms_phone: pending.phone, sms_on: true, message: 'Phone number verified: SMS are on' };
}

export async function setSmsPreference(
  deps: Pick<PhoneDeps, 'db' | 'now'>,
  userId: string,
  on: boolean,
): Promise<{ sms_phone: string | null; sms_on: boolean; message: string }> {
  if (!(await setSmsOn(deps.db, userId, on, deps.now()))) {
    if (on) throw conflict('Please add and verify your phone number first.');
    throw notFound('Profile not found. Please reload the page.');
  }
  const profile = await getProfile(deps.db, userId);
  return {
    sms_phone: profile?.sms_phone ?? null,
    sms_on: profile?.sms_on ?? false,
    message: on ? 'SMS are on' : 'SMS are off',
  };
}
