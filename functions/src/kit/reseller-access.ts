import type { RouteDef } from '@khelaghor/contract';
import { BlockList, isIP } from 'node:net';
import { db } from '../db/client';
import { secondsToWindowEnd, takeToken, type RateLimit } from '../db/rate-limit';
import { getReseller } from '../db/resellers/reseller-item';
import { getResellerKey, takeNonce, touchResellerKey } from '../db/resellers/reseller-keys';
import { forbidden, tooManyRequests } from '../domain/refusals';
import type { Event, ResellerCaller } from './handler';
import { invalidSignature, NONCE_TTL_SECONDS, verifySignedRequest } from './signed-request';

/** Per key: every request, and orders on their own (docs/reseller-api.md). */
export const RESELLER_RATE_LIMIT: RateLimit = { scope: 'rkey', limit: 60, windowSeconds: 60 };
const RESELLER_ORDER_RATE_LIMIT: RateLimit = { scope: 'rkey-order', limit: 20, windowSeconds: 60 };

/**
 * The reseller routes' check: the request is signed by an active key of an active reseller within
 * the time window, its nonce is new, it comes from an allowed address and the key is within its
 * rate. Answers who signed it. The signature is checked before anything is written, so an
 * unsigned caller can neither burn nonces nor spend a key's rate.
 */
export async function assertResellerAccess(
  route: RouteDef,
  event: Event,
  headers: Record<string, string | undefined>,
  sourceIp: string,
  now: () => Date = () => new Date(),
): Promise<ResellerCaller> {
  const at = now();
  const table = db();
  const { keyId, nonce, key } = await verifySignedRequest(
    route,
    event,
    headers,
    at,
    /^rk_[A-Za-z0-9]{10,40}$/,
    (id) => getResellerKey(table, id),
  );

  const reseller = await getReseller(table, key.user_id);
  if (!reseller?.is_active) throw invalidSignature();
  if (key.allowed_ips.length > 0 && !ipAllowed(key.allowed_ips, sourceIp))
    throw forbidden('IP address not allowed');
  if (!(await takeNonce(table, keyId, nonce, at, NONCE_TTL_SECONDS))) throw invalidSignature();

  const rules =
    route.method === 'POST' ? [RESELLER_RATE_LIMIT, RESELLER_ORDER_RATE_LIMIT] : [RESELLER_RATE_LIMIT];
  for (const rule of rules) {
    if (!(await takeToken(table, rule, keyId, at)))
      throw tooManyRequests(
        'Too many requests for this key. Please slow down.',
        secondsToWindowEnd(rule, at),
      );
  }
  await touchResellerKey(table, keyId, at);
  return { userId: key.user_id, email: reseller.email, keyId };
}

/** Whether `ip` is one of the addresses or inside one of the CIDR ranges (IPv4 and IPv6). */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address ?? '')) continue;
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
