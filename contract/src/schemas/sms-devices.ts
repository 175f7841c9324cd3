import * as z from '../zod';
import { SMS_CONTROLS, SMS_STATUSES } from '../sms-facts';
import { digitText } from './digit-text';

/**
 * The shop's receiving phones and the SMS they forward (docs/sms-forwarder.md): device keys the
 * admin makes and revokes, and the signed intake a forwarder posts each SMS to.
 */

/** `sd_` + a ULID + a random tail: the device key's id, sent as X-Key-Id. */
export const SMS_DEVICE_ID_PATTERN = /^sd_[A-Za-z0-9]{10,40}$/;
/** At most this many active device keys (a shop has a few receiving phones). */
export const SMS_MAX_ACTIVE_DEVICES = 20;
/** The raw intake body, bytes: a long SMS is about 1,600 characters (ten parts of Bangla is less). */
export const SMS_INTAKE_BODY_MAX_BYTES = 8 * 1024;
const SMS_TEXT_MAX = 2000;

const Provider = z.enum(['bkash', 'nagad', 'rocket'], { error: 'Please choose bKash, Nagad or Rocket' });

/** A device key's public facts (the secret is answered once, at creation, and never stored). */
export const SmsDevice = z.object({
  id: z.string(),
  /** The admin's label, e.g. 'Counter phone'. */
  label: z.nullable(z.string()),
  provider: Provider,
  /** The receiving account's number: every SMS the key signs was received on it. */
  receiving_number: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: z.string(),
  /** The last MFS SMS it forwarded (stored, parsed or not). */
  last_sms_at: z.nullable(z.string()),
  /** SMS from other senders it forwarded (answered, never stored): a forwarder sending too much. */
  ignored_count: z.int(),
  revoked_at: z.nullable(z.string()),
  /**
   * The receiving account's balance chain (its provider and number): the balance its last payment
   * SMS reported (null before the first), and since when it is broken (a gap: every later SMS of
   * the account goes to review until an admin clears it).
   */
  chain: z.object({ balance: z.nullable(z.int()), broken_since: z.nullable(z.string()) }),
});
export type SmsDevice = z.infer<typeof SmsDevice>;

/** POST /api/admin/sms-devices: one of the shop's receiving accounts (GET /api/admin/receiving-accounts). */
export const CreateSmsDeviceBody = z.object({
  provider: Provider,
  receiving_number: digitText({ error: 'Please enter an 11-digit number starting with 01' }).check(
    z.trim(),
    z.regex(/^01[3-9]\d{8}$/, 'Please enter an 11-digit number starting with 01'),
  ),
  label: z.optional(z.string().check(z.trim(), z.maxLength(60, 'Label must be at most 60 characters'))),
});
export type CreateSmsDeviceBody = z.infer<typeof CreateSmsDeviceBody>;

export const SmsDeviceParams = z.object({
  id: z.string().check(z.trim(), z.regex(SMS_DEVICE_ID_PATTERN, 'Unknown device')),
});
export const SmsDeviceResponse = z.object({ device: SmsDevice });
export const CreatedSmsDeviceResponse = z.object({ device: SmsDevice, secret: z.string() });
export const SmsDevicesResponse = z.object({ items: z.array(SmsDevice) });

/**
 * POST /api/payments/sms, signed with a device key. `message_id` is the phone's own id of the SMS
 * (a resend of the same message is stored once); `received_at` when the phone got it.
 */
export const SmsIntakeBody = z.object({
  message_id: z
    .string({ error: 'message_id is required' })
    .check(z.trim(), z.regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'message_id must be 1-64 letters, digits or _.:-')),
  sender: z
    .string({ error: 'sender is required' })
    .check(z.trim(), z.minLength(1, 'sender is required'), z.maxLength(32)),
  text: z
    .string({ error: 'text is required' })
    .check(
      z.minLength(1, 'text is required'),
      z.maxLength(SMS_TEXT_MAX, `text must be at most ${SMS_TEXT_MAX} characters`),
    ),
  received_at: z.optional(z.iso.datetime({ offset: true, error: 'received_at must be an ISO date-time' })),
});
export type SmsIntakeBody = z.infer<typeof SmsIntakeBody>;

/**
 * `stored`: kept (parsed or not); `duplicate`: this device already sent this message id (kept
 * once); `ignored`: not from an MFS sender, so not taken (nothing of it is kept).
 */
export const SmsIntakeResponse = z.object({
  status: z.enum(['stored', 'duplicate', 'ignored']),
  sms_id: z.nullable(z.string()),
  /** How the parsers read it: parsed, or the reason it is not (unknown_sender for `ignored`). */
  reading: z.enum(['parsed', 'unknown_sender', 'unknown_wording', 'bad_value']),
});
export type SmsIntakeResponse = z.infer<typeof SmsIntakeResponse>;

/** One SMS of the admin's inbox (every SMS kept, parsed or not, newest first). */
export const SmsInboxItem = z.object({
  id: z.string(),
  device_id: z.string(),
  receiving_number: z.string(),
  sender: z.string(),
  text: z.string(),
  /** When the shop stored it. */
  received_at: z.string(),
  /** When the phone says it got it (shown, never trusted). */
  phone_received_at: z.nullable(z.string()),
  status: z.enum(SMS_STATUSES),
  /** parsed, or why the parsers did not read it. */
  reading: z.enum(['parsed', 'unknown_sender', 'unknown_wording', 'bad_value']),
  parsed: z.nullable(
    z.object({
      provider: Provider,
      type: z.enum(['send_money_received', 'cash_in', 'payment_received']),
      wording: z.string(),
      amount: z.int(),
      trx_id: z.string(),
      counterparty_number: z.string(),
      balance: z.int(),
      at: z.string(),
    }),
  ),
  failed_control: z.nullable(z.enum(SMS_CONTROLS)),
  payment_id: z.nullable(z.string()),
});
export type SmsInboxItem = z.infer<typeof SmsInboxItem>;
export const SmsInboxQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
});
export const SmsInboxPage = z.object({ items: z.array(SmsInboxItem), cursor: z.nullable(z.string()) });
