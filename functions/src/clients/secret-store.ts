import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../runtime/config';
import type { GatewayKeyRef } from '../db/payments/gateway-config';
import { keptPerContainer } from '../runtime/container-state';

/**
 * Where the UddoktaPay API key lives: AWS Secrets Manager (GATEWAY_SECRET_ARN) on AWS, a directory
 * of files (LOCAL_SECRETS_DIR) on this machine. The secret's value is the JSON string
 * `{"api_key":"..."}`; an empty api_key means no key is set (infra creates the secret that way).
 * The table item keeps only the key's facts: has one, its last 4 characters, its version.
 */
export interface GatewayKeyStore {
  /** The stored key; '' when none is set. */
  get(): Promise<string>;
  put(apiKey: string): Promise<void>;
}

export type GatewayKeyReader = Pick<GatewayKeyStore, 'get'>;
export type GatewayKeyWriter = Pick<GatewayKeyStore, 'put'>;

/*
 * Why the halves are plain top-level functions and the readers/writers below are built from them
 * rather than from one store object: infra grants each Lambda the Secrets Manager actions whose
 * SDK commands are in its bundle, and esbuild drops unused top-level functions but never an unused
 * method of an object. So the gateway functions bundle only GetSecretValueCommand, the admin save
 * route only PutSecretValueCommand, and every other function neither.
 */

let sm: SecretsManagerClient | undefined;
const secretsManager = () => (sm ??= new SecretsManagerClient({ region: config().AWS_REGION }));

function parseSecret(text: string | undefined, where: string): string {
  if (!text) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`The gateway secret (${where}) is not JSON of the form {"api_key":"..."}`);
  }
  const key = (parsed as { api_key?: unknown } | null)?.api_key;
  if (key !== undefined && typeof key !== 'string')
    throw new Error(`The gateway secret (${where}) has a non-string api_key`);
  return key ?? '';
}

const secretValue = (apiKey: string) => JSON.stringify({ api_key: apiKey });

/** `name` says which secret this reads to infra's grant reader (infra/src/code-grants.ts). */
async function secretsManagerGet(arn: string, name: 'GATEWAY_SECRET'): Promise<string> {
  const res = await secretsManager().send(new GetSecretValueCommand({ SecretId: arn }));
  return parseSecret(res.SecretString, `Secrets Manager, ${name}`);
}

async function secretsManagerPut(arn: string, apiKey: string): Promise<void> {
  await secretsManager().send(
    new PutSecretValueCommand({ SecretId: arn, SecretString: secretValue(apiKey) }),
  );
}

/** One file per table, so the parallel test files (one table each) never share a key. */
const secretFile = (dir: string, table: string) =>
  join(dir, `${table.replace(/[^A-Za-z0-9_.-]/g, '_')}.gateway-api-key.json`);

async function fileGet(dir: string, table: string): Promise<string> {
  const file = secretFile(dir, table);
  try {
    return parseSecret(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

async function filePut(dir: string, table: string, apiKey: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = secretFile(dir, table);
  // Write then rename: a reader sees the old key or the new one, never half a file.
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, secretValue(apiKey), { mode: 0o600 });
  await rename(temp, file);
}

const noStore = () =>
  new Error(
    'No secret store for the gateway API key: set GATEWAY_SECRET_ARN (AWS) or LOCAL_SECRETS_DIR (local stack)',
  );

/** The file store (local stack and tests): `<dir>/<table>.gateway-api-key.json`, mode 0600. */
export const fileStore = (dir: string, table: string): GatewayKeyStore => ({
  get: () => fileGet(dir, table),
  put: (apiKey) => filePut(dir, table, apiKey),
});

/** The read half for `table`, chosen by the environment (the functions that talk to the gateway). */
function gatewayKeyReader(table: string): GatewayKeyReader {
  const { GATEWAY_SECRET_ARN: arn, LOCAL_SECRETS_DIR: dir } = config();
  if (arn) return { get: () => secretsManagerGet(arn, 'GATEWAY_SECRET') };
  if (dir) return { get: () => fileGet(dir, table) };
  return { get: () => Promise.reject(noStore()) };
}

/** The write half for `table`, chosen by the environment (the admin save route only). */
export function gatewayKeyWriter(table: string): GatewayKeyWriter {
  const { GATEWAY_SECRET_ARN: arn, LOCAL_SECRETS_DIR: dir } = config();
  if (arn) return { put: (apiKey) => secretsManagerPut(arn, apiKey) };
  if (dir) return { put: (apiKey) => filePut(dir, table, apiKey) };
  return { put: () => Promise.reject(noStore()) };
}

export const KEY_CACHE_MS = 5 * 60_000;

/*
 * The cache: one key per table, remembered with the version the config item named when it was
 * fetched. Every gateway call reads the config item anyway (base URL, on/off), and a save writes
 * the secret first and then the item with a new version, so a key cached under another version is
 * known stale at once and refetched: a rotated key is used from the first call after the save, in
 * every container. The 5 minutes only bound what the version cannot see: someone changing the
 * secret outside API Setup (console, rotation), and they spare Secrets Manager a call per request.
 */
const cache = new Map<string, { version: string; apiKey: string; fetchedAt: number }>();
keptPerContainer(() => {
  sm = undefined;
  clearGatewayKeyCache();
});

/**
 * The key a config item names: kept inline (an item from before the secret store, or
 * GATEWAY_API_KEY before the first save), none, or in the store under a version (cached).
 */
export async function resolveGatewayKey(
  table: string,
  ref: GatewayKeyRef,
  opts: { reader?: GatewayKeyReader; now?: () => number } = {},
): Promise<string> {
  if (ref.where === 'none') return '';
  if (ref.where === 'inline') return ref.apiKey;
  const now = (opts.now ?? Date.now)();
  const hit = cache.get(table);
  if (hit && hit.version === ref.version && now - hit.fetchedAt < KEY_CACHE_MS) return hit.apiKey;
  const apiKey = await (opts.reader ?? gatewayKeyReader(table)).get();
  cache.set(table, { version: ref.version, apiKey, fetchedAt: now });
  return apiKey;
}

/** Tests: forget every cached key. */
export function clearGatewayKeyCache(): void {
  cache.clear();
}
