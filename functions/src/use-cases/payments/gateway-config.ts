import type * as z from '@khelaghor/contract/zod';
import { ulid } from 'ulid';
import type { GatewayConfig, SaveGatewayBody } from '@khelaghor/contract/schemas/admin-commerce';
import type { Db } from '../../db/client';
import {
  defaultWebhookUrl,
  effectiveGatewayConfig,
  saveGatewayConfig,
  type GatewayKeyFacts,
} from '../../db/payments/gateway-config';
import { badRequest } from '../../domain/refusals';
import { API_KEY_HEADER } from '../../clients/uddoktapay';
import {
  gatewayKeyWriter,
  resolveGatewayKey,
  type GatewayKeyReader,
  type GatewayKeyWriter,
} from '../../clients/secret-store';

/** API Setup: the key is write-only; reads show its last 4 characters only. */
const maskKey = (last4: string) => (last4 ? `••••${last4.slice(-4)}` : '');

/** The API Setup view: from the config item alone, never from the secret store. */
export async function gatewayConfigView(db: Db): Promise<z.output<typeof GatewayConfig>> {
  const cfg = await effectiveGatewayConfig(db);
  const last4 =
    cfg.key.where === 'inline' ? cfg.key.apiKey.slice(-4) : cfg.key.where === 'store' ? cfg.key.last4 : '';
  return {
    provider_name: cfg.provider_name,
    api_key_masked: maskKey(last4),
    has_api_key: cfg.key.where !== 'none',
    base_url: cfg.baseUrl,
    webhook_url: cfg.webhookUrl,
    is_active: cfg.isActive,
    source: cfg.source,
    updated_at: cfg.updatedAt,
  };
}

/**
 * The admin save. A new key goes to the secret store; so does a key still kept inline (an item
 * from before the store, or GATEWAY_API_KEY before the first save): that save is the migration.
 * A save without a key keeps the stored one and its version, without reading the store.
 */
export async function saveGateway(
  db: Db,
  body: z.output<typeof SaveGatewayBody>,
  now: Date,
  secrets: GatewayKeyWriter = gatewayKeyWriter(db.table),
) {
  const current = await effectiveGatewayConfig(db);
  const moving = body.api_key || (current.key.where === 'inline' ? current.key.apiKey : '');
  let facts: GatewayKeyFacts;
  if (moving) {
    // The secret first, then the item with the new version: if the item write fails, no function
    // has seen the new version, and the next save writes both again. The other order could let a
    // gateway function fetch the old secret and cache it under the new version.
    await secrets.put(moving);
    facts = {
      api_key_version: ulid(now.getTime()),
      api_key_last4: moving.slice(-4),
      api_key_updated_at: now.toISOString(),
    };
  } else if (current.key.where === 'store') {
    facts = current.keyFacts;
  } else {
    throw badRequest('Please enter the API key', { api_key: 'Please enter the API key' });
  }
  await saveGatewayConfig(db, {
    provider_name: body.provider_name,
    base_url: body.base_url.replace(/\/+$/, ''),
    webhook_url: body.webhook_url || defaultWebhookUrl(),
    is_active: body.is_active,
    updated_at: now.toISOString(),
    ...facts,
  });
  return gatewayConfigView(db);
}

/**
 * Call the gateway's verify-payment with a made-up invoice: a gateway that knows our key answers
 * (usually "invalid invoice"), one that does not answers 401/403 or "Unauthorized".
 */
export async function testGateway(
  db: Db,
  doFetch: typeof fetch = fetch,
  secrets?: GatewayKeyReader,
): Promise<{ ok: boolean; message: string }> {
  const cfg = await effectiveGatewayConfig(db);
  const apiKey = await resolveGatewayKey(db.table, cfg.key, { reader: secrets });
  if (!cfg.baseUrl || !apiKey) return { ok: false, message: 'Gateway base URL or API key is missing' };
  try {
    const res = await doFetch(`${cfg.baseUrl.replace(/\/+$/, '')}/api/verify-payment`, {
      method: 'POST',
      headers: {
        [API_KEY_HEADER]: apiKey,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({ invoice_id: 'connection-test' }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (res.status === 401 || res.status === 403 || /unauthori[sz]ed/i.test(text)) {
      return { ok: false, message: 'The gateway rejected the API key' };
    }
    if (res.status >= 500) return { ok: false, message: `The gateway answered HTTP ${res.status}` };
    try {
      JSON.parse(text);
    } catch {
      return {
        ok: false,
        message: `The gateway answered HTTP ${res.status} without JSON (check the base URL)`,
      };
    }
    return { ok: true, message: 'Connected to the payment gateway' };
  } catch (error) {
    const timedOut = (error as Error)?.name === 'TimeoutError';
    return {
      ok: false,
      message: timedOut ? 'The gateway did not answer in time' : 'The gateway is unreachable',
    };
  }
}
