import { said } from '@khelaghor/contract/api-messages';
import {
  SMS_MAX_ACTIVE_DEVICES,
  type CreateSmsDeviceBody,
  type SmsDevice,
  type SmsInboxItem,
} from '@khelaghor/contract/schemas/sms-devices';
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { createSmsDevice, getSmsDevice, type SmsDeviceItem } from '../../db/payments/sms-devices';
import { readBalanceChain, type SmsItem } from '../../db/payments/sms-items';
import { readReceivingAccounts } from '../../db/site/receiving-accounts';
import { businessRule } from '../../domain/refusals';
import { deriveKeySecret, sha256Hex } from '../../domain/resellers/signing';
import { resellerKeyRoots } from '../../runtime/secrets';

/** `sd_` + a ULID (sorts by creation) + a random tail: neither guessable nor reused. */
const newDeviceId = () => `sd_${ulid()}${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * A device key for one of the shop's receiving accounts: its secret is derived from the server
 * secret (as a reseller key's is, under its own `sd_` id) and answered once; the table keeps its
 * hash and the account it forwards for. Every SMS signed with it counts as received on that number.
 */
export async function createDevice(
  db: Db,
  body: CreateSmsDeviceBody,
  by: string,
  serverSecret: string,
  now: string,
  /** The local seed's fixed id (so its printed key works across restarts); new ids otherwise. */
  deviceId: string = newDeviceId(),
): Promise<{ device: SmsDeviceItem; secret: string }> {
  const accounts = await readReceivingAccounts(db);
  if (!accounts.wallets.some((w) => w.provider === body.provider && w.number === body.receiving_number))
    throw businessRule("That number is not one of the shop's receiving accounts for this provider");
  const secret = deriveKeySecret(serverSecret, deviceId);
  const device: SmsDeviceItem = {
    type: 'sms_device',
    device_id: deviceId,
    label: body.label || null,
    provider: body.provider,
    receiving_number: body.receiving_number,
    secret_hash: sha256Hex(secret),
    status: 'active',
    created_at: now,
    created_by: by,
  };
  if (!(await createSmsDevice(db, device)))
    throw businessRule(said('sms_max_devices', { max: SMS_MAX_ACTIVE_DEVICES }));
  return { device, secret };
}

type Chain = Awaited<ReturnType<typeof readBalanceChain>>;

/** Each device's account chain, read once per account (a few devices: one GetItem each). */
export async function devicesWithChains(db: Db, devices: SmsDeviceItem[]): Promise<SmsDevice[]> {
  const chains = new Map<string, Promise<Chain>>();
  const chainOf = (d: SmsDeviceItem) => {
    const key = `${d.provider}:${d.receiving_number}`;
    if (!chains.has(key)) chains.set(key, readBalanceChain(db, d.provider, d.receiving_number));
    return chains.get(key)!;
  };
  return Promise.all(devices.map(async (d) => deviceView(d, await chainOf(d))));
}

const deviceView = (d: SmsDeviceItem, chain?: Chain): SmsDevice => ({
  id: d.device_id,
  label: d.label ?? null,
  provider: d.provider,
  receiving_number: d.receiving_number,
  status: d.status,
  created_at: d.created_at,
  last_sms_at: d.last_sms_at ?? null,
  ignored_count: d.ignored_count ?? 0,
  revoked_at: d.revoked_at ?? null,
  chain: { balance: chain?.balance_poisha ?? null, broken_since: chain?.broken_since ?? null },
});

/** One SMS as the admin's inbox shows it (every SMS kept, parsed or not). */
export const smsInboxView = (s: SmsItem): SmsInboxItem => ({
  id: s.id,
  device_id: s.device_id,
  receiving_number: s.receiving_number,
  sender: s.sender,
  text: s.text,
  received_at: s.received_at,
  phone_received_at: s.phone_received_at ?? null,
  status: s.status,
  reading: s.parsed ? 'parsed' : (s.unparsed_reason ?? 'unknown_wording'),
  parsed: s.parsed
    ? {
        provider: s.parsed.provider,
        type: s.parsed.sms_type,
        wording: s.parsed.wording,
        amount: s.parsed.amount,
        trx_id: s.parsed.trx_id,
        counterparty_number: s.parsed.counterparty_number,
        balance: s.parsed.balance,
        at: s.parsed.at,
      }
    : null,
  failed_control: s.failed_control ?? null,
  payment_id: s.payment_id ?? null,
});

/**
 * The local stack's receiving phones (local/src/seed-sms-devices.ts): a key for each receiving
 * wallet under a fixed id, made once; its secret derived as the API derives it. A key an admin
 * revoked stays revoked (no phone then).
 */
export async function ensureDemoDevices(
  db: Db,
  idOf: (provider: string, number: string) => string,
  now: string,
): Promise<Array<{ device: SmsDeviceItem; secret: string }>> {
  const root = (await resellerKeyRoots()).current;
  const out: Array<{ device: SmsDeviceItem; secret: string }> = [];
  for (const w of (await readReceivingAccounts(db)).wallets) {
    const deviceId = idOf(w.provider, w.number);
    const made =
      (await getSmsDevice(db, deviceId)) ??
      (
        await createDevice(
          db,
          { provider: w.provider, receiving_number: w.number },
          'seed',
          root,
          now,
          deviceId,
        )
      ).device;
    if (made.status === 'active') out.push({ device: made, secret: deriveKeySecret(root, deviceId) });
  }
  return out;
}
