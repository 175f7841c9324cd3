import type { z } from 'zod';
import type { GatewayConfig, SaveGatewayBody } from '@khelaghor/contract/schemas/admin-commerce';
import type { Db } from '../../db/client';
import {
  defaultWebhookUrl,
  effectiveGatewayConfig,
  getStoredGatewayConfig,
  saveGatewayConfig,
} from '../../db/gateway-config';
import { badRequest } from '../../domain/refusals';
import { API_KEY_HEADER } from '../../clients/uddoktapay';

/** API Setup: the key is write-only; reads show its last 4 characters only. */
export const maskKey = (key: string) => (key ? `••••${key.slice(-4)}` : '');

export async function gatewayConfigView(db: Db): Promise<z.output<typeof GatewayConfig>> {
  const cfg = await effectiveGatewayConfig(db);
  return {
    provider_name: cfg.provider_name,
    api_key_masked: maskKey(cfg.apiKey),
    has_api_key: Boolean(cfg.apiKey),
    base_url: cfg.baseUrl,
    webhook_url: cfg.webhookUrl,
    is_active: cfg.isActive,
    source: cfg.source,
    updated_at: cfg.updatedAt,
  };
}

export async function saveGateway(db: Db, body: z.output<typeof SaveGatewayBody>, now: Date) {
  const stored = await getStoredGatewayConfig(db);
  const previousKey = stored?.api_key ?? (await effectiveGatewayConfig(db)).apiKey;
  const apiKey = body.api_key ? body.api_key : previousKey;
  if (!apiKey) throw badRequest('Please enter the API key', { api_key: 'Please enter the API key' });
  await saveGatewayConfig(db, {
    provider_name: body.provider_name,
    api_key: apiKey,
    base_url: body.base_url.replace(/\/+$/, ''),
    webhook_url: body.webhook_url || defaultWebhookUrl(),
    is_active: body.is_active,
    updated_at: now.toISOString(),
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
): Promise<{ ok: boolean; message: string }> {
  const cfg = await effectiveGatewayConfig(db);
  if (!cfg.baseUrl || !cfg.apiKey) return { ok: false, message: 'Gateway base URL or API key is missing' };
  try {
    const res = await doFetch(`${cfg.baseUrl.replace(/\/+$/, '')}/api/verify-payment`, {
      method: 'POST',
      headers: {
        [API_KEY_HEADER]: cfg.apiKey,
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
