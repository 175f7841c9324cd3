import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { config } from '../../runtime/config';

/**
 * The stored gateway configuration (API Setup). The API key itself is not here: it lives in the
 * secret store (clients/secret-store.ts); this item keeps only what may be shown or compared
 * without it, so the API Setup page (and every function that can read the table) never sees it.
 */
export interface GatewayConfigItem {
  type: 'gateway_config';
  provider_name: string;
  base_url: string;
  webhook_url: string;
  is_active: boolean;
  updated_at: string;
  /** Set when a key is in the secret store: a new value on every key save (the cache's check). */
  api_key_version?: string;
  /** The stored key's last 4 characters (the mask). */
  api_key_last4?: string;
  /** When the key last changed. */
  api_key_updated_at?: string;
  /**
   * The key itself, in items written before the secret store. Still used until the next save,
   * which moves it into the store and writes the item without it.
   */
  api_key?: string;
}

/** The facts about the key that the item keeps (the key is in the secret store). */
export type GatewayKeyFacts = Pick<
  GatewayConfigItem,
  'api_key_version' | 'api_key_last4' | 'api_key_updated_at'
>;

/** Where the gateway API key is: in the item or environment (inline), in the secret store, or nowhere. */
export type GatewayKeyRef =
  | { where: 'inline'; apiKey: string }
  | { where: 'store'; version: string; last4: string }
  | { where: 'none' };

export interface EffectiveGatewayConfig {
  provider_name: string;
  key: GatewayKeyRef;
  baseUrl: string;
  webhookUrl: string;
  isActive: boolean;
  source: 'stored' | 'environment';
  updatedAt: string | null;
  /** The stored item's key facts (empty for the environment's defaults). */
  keyFacts: GatewayKeyFacts;
}

export const defaultWebhookUrl = () => `${config().PUBLIC_URL.replace(/\/$/, '')}/api/payments/webhook`;

async function getStoredGatewayConfig(db: Db): Promise<GatewayConfigItem | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.gatewayConfig() }));
  return res.Item as GatewayConfigItem | undefined;
}

function storedKeyRef(item: GatewayConfigItem): GatewayKeyRef {
  if (item.api_key) return { where: 'inline', apiKey: item.api_key };
  if (item.api_key_version)
    return { where: 'store', version: item.api_key_version, last4: item.api_key_last4 ?? '' };
  return { where: 'none' };
}

/**
 * The stored configuration, else the environment's defaults (GATEWAY_BASE_URL / GATEWAY_API_KEY).
 * Never reads the secret store: `key` says where the key is (clients/secret-store.ts resolves it).
 */
export async function effectiveGatewayConfig(db: Db): Promise<EffectiveGatewayConfig> {
  const stored = await getStoredGatewayConfig(db);
  if (stored) {
    return {
      provider_name: stored.provider_name,
      key: storedKeyRef(stored),
      baseUrl: stored.base_url,
      webhookUrl: stored.webhook_url || defaultWebhookUrl(),
      isActive: stored.is_active,
      source: 'stored',
      updatedAt: stored.updated_at,
      keyFacts: {
        api_key_version: stored.api_key_version,
        api_key_last4: stored.api_key_last4,
        api_key_updated_at: stored.api_key_updated_at,
      },
    };
  }
  const env = config();
  return {
    provider_name: 'UddoktaPay',
    key: env.GATEWAY_API_KEY ? { where: 'inline', apiKey: env.GATEWAY_API_KEY } : { where: 'none' },
    baseUrl: env.GATEWAY_BASE_URL ?? '',
    webhookUrl: defaultWebhookUrl(),
    isActive: Boolean(env.GATEWAY_BASE_URL),
    source: 'environment',
    updatedAt: null,
    keyFacts: {},
  };
}

/** Writes the whole item: an `api_key` left by an item from before the secret store is dropped. */
export async function saveGatewayConfig(
  db: Db,
  item: Omit<GatewayConfigItem, 'type' | 'api_key'>,
): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.gatewayConfig(), type: 'gateway_config', ...item },
    }),
  );
}
