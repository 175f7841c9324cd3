import type { Db } from '../../db/client';
import { listSmsDevices } from '../../db/payments/sms-devices';
import { pendingRequestsBefore } from '../../db/wallet/manual-sms';

/** A receiving account whose phone went quiet while a TrxID request waits for its SMS. */
export interface SilentPhone {
  provider: string;
  number: string;
  /** Its phone's last SMS (or the key's creation, when it never sent one). */
  lastSmsAt: string;
  /** The oldest request waiting on it. */
  waitingSince: string;
}

/**
 * The silent-phone check (docs/sms-forwarder.md, 'When a phone goes quiet'), run by the sweeper:
 * an account is silent when a request made at least `silentMinutes` ago still waits for an SMS on
 * it and its phone has forwarded nothing since that request came in. A buyer paid, so an SMS was
 * due: the phone is off, out of signal or its forwarder stopped. Quiet hours with no request
 * waiting never count. Requests the matcher already compared with an SMS (in review) do not count.
 */
export async function findSilentPhones(db: Db, now: Date, silentMinutes: number): Promise<SilentPhone[]> {
  const devices = (await listSmsDevices(db)).filter((d) => d.status === 'active');
  if (devices.length === 0) return [];
  const lastSms = new Map<string, string>();
  for (const d of devices) {
    const key = `${d.provider}:${d.receiving_number}`;
    const seen = d.last_sms_at ?? d.created_at;
    if (!lastSms.has(key) || seen > lastSms.get(key)!) lastSms.set(key, seen);
  }
  const before = new Date(now.getTime() - silentMinutes * 60_000).toISOString();
  const silent = new Map<string, SilentPhone>();
  for (const r of await pendingRequestsBefore(db, before, 3)) {
    if (r.sms_id || r.sms_review || !r.receiving_number) continue;
    const key = `${r.payment_method}:${r.receiving_number}`;
    const seen = lastSms.get(key);
    if (seen === undefined || seen >= r.created_at || silent.has(key)) continue;
    silent.set(key, {
      provider: r.payment_method,
      number: r.receiving_number,
      lastSmsAt: seen,
      waitingSince: r.created_at,
    });
  }
  return [...silent.values()];
}
