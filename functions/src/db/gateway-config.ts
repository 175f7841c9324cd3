import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';
import { config } from '../runtime/config';

/** The stored gateway configuration (API Setup). The API key never leaves the server. */
export interface GatewayConfigItem {
  type: 'gateway_config';
  provider_name: string;
  api_key: string;
  base_url: string;
  webhook_url: string;
  is_active: boolean;
  updated_at: string;
}

export interface EffectiveGatewayConfig {
  provider_name: string;
  apiKey: string;
  baseUrl: string;
  webhookUrl: string;
  isActive: boolean;
  source: 'stored' | 'environment';
  updatedAt: string | null;
}

export const defaultWebhookUrl = () => `${config().PUBLIC_URL.replace(/\/$/, '')}/api/payments/webhook`;

export async function getStoredGatewayConfig(db: Db): Promise<GatewayConfigItem | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.gatewayConfig() }));
  return res.Item as GatewayConfigItem | undefined;
}

/** The stored configuration, else the environment's defaults (GATEWAY_BASE_URL / GATEWAY_API_KEY). */
export async function effectiveGatewayConfig(db: Db): Promise<EffectiveGatewayConfig> {
  const stored = await getStoredGatewayConfig(db);
  if (stored) {
    return {
      provider_name: stored.provider_name,
      apiKey: stored.api_key,
      baseUrl: stored.base_url,
      webhookUrl: stored.webhook_url || defaultWebhookUrl(),
      isActive: stored.is_active,
      source: 'stored',
      updatedAt: stored.updated_at,
    };
  }
  const env = config();
  return {
    provider_name: 'UddoktaPay',
    apiKey: env.GATEWAY_API_KEY ?? '',
    baseUrl: env.GATEWAY_BASE_URL ?? '',
    webhookUrl: defaultWebhookUrl(),
    isActive: Boolean(env.GATEWAY_BASE_URL),
    source: 'environment',
    updatedAt: null,
  };
}

export async function saveGatewayConfig(db: Db, item: Omit<GatewayConfigItem, 'type'>): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.gatewayConfig(), type: 'gateway_config', ...item },
    }),
  );
}
