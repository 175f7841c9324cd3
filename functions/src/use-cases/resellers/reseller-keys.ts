import { said } from '@khelaghor/contract/api-messages';
import type { CreateKeyBody } from '@khelaghor/contract/schemas/reseller';
import { RESELLER_MAX_ACTIVE_KEYS } from '@khelaghor/contract/schemas/reseller';
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { createResellerKey, type ResellerKeyItem } from '../../db/resellers/reseller-keys';
import { businessRule } from '../../domain/refusals';
import { deriveKeySecret, sha256Hex } from '../../domain/resellers/signing';

/** `rk_` + a ULID (sorts by creation) + random tail, so ids are neither guessable nor reused. */
const newKeyId = () => `rk_${ulid()}${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * A new key for an active reseller: its secret is derived from the server secret and answered
 * once; the table keeps only its hash and the key's public facts.
 */
export async function createKey(
  db: Db,
  userId: string,
  body: CreateKeyBody,
  serverSecret: string,
  now: string,
): Promise<{ key: ResellerKeyItem; secret: string }> {
  const keyId = newKeyId();
  const secret = deriveKeySecret(serverSecret, keyId);
  const key: ResellerKeyItem = {
    type: 'reseller_key',
    key_id: keyId,
    user_id: userId,
    label: body.label || null,
    secret_hash: sha256Hex(secret),
    allowed_ips: [...new Set(body.allowed_ips)],
    status: 'active',
    created_at: now,
  };
  if (!(await createResellerKey(db, key)))
    throw businessRule(said('reseller_max_keys', { max: RESELLER_MAX_ACTIVE_KEYS }));
  return { key, secret };
}
