import type { RouteDef } from '@khelaghor/contract';
import { SMS_DEVICE_ID_PATTERN, SMS_INTAKE_BODY_MAX_BYTES } from '@khelaghor/contract/schemas/sms-devices';
import { db } from '../db/client';
import { getSmsDevice, takeSmsDeviceNonce } from '../db/payments/sms-devices';
import { secondsToWindowEnd, takeToken, type RateLimit } from '../db/rate-limit';
import { badRequest, tooManyRequests } from '../domain/refusals';
import type { DeviceCaller, Event } from './handler';
import { invalidSignature, NONCE_TTL_SECONDS, verifySignedRequest } from './signed-request';

/**
 * Per device key: a phone forwards a few SMS a minute; a forwarder catching up after a day
 * offline stays under it by retrying on 429 (Retry-After). docs/sms-forwarder.md.
 */
export const SMS_DEVICE_RATE_LIMIT: RateLimit = { scope: 'sdev', limit: 30, windowSeconds: 60 };

/**
 * The SMS intake's check: a body within its size, signed by an active device key within the time
 * window (verifySignedRequest, the reseller API's own check), a new nonce and the key within its
 * rate. Nothing is written before the signature holds, so an unsigned caller burns no nonce and
 * spends no key's rate. Answers the receiving account the key forwards for.
 */
export async function assertDeviceAccess(
  route: RouteDef,
  event: Event,
  headers: Record<string, string | undefined>,
  now: () => Date = () => new Date(),
): Promise<DeviceCaller> {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64').length : Buffer.byteLength(raw);
  if (bytes > SMS_INTAKE_BODY_MAX_BYTES) throw badRequest('Request body is too large');
  const at = now();
  const table = db();
  const { keyId, nonce, key } = await verifySignedRequest(
    route,
    event,
    headers,
    at,
    SMS_DEVICE_ID_PATTERN,
    (id) => getSmsDevice(table, id),
  );
  if (!(await takeSmsDeviceNonce(table, keyId, nonce, at, NONCE_TTL_SECONDS))) throw invalidSignature();
  if (!(await takeToken(table, SMS_DEVICE_RATE_LIMIT, keyId, at)))
    throw tooManyRequests(
      'Too many requests for this key. Please slow down.',
      secondsToWindowEnd(SMS_DEVICE_RATE_LIMIT, at),
    );
  return { deviceId: keyId, provider: key.provider, receivingNumber: key.receiving_number };
}
