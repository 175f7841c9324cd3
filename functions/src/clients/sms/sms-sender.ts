import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../../runtime/config';
import type { SmsProvider } from './sms-provider';
import { createSslWireless, SSL_WIRELESS_BASE_URL } from './ssl-wireless';
import { keptPerContainer } from '../../runtime/container-state';

/**
 * The provider of this process's environment, with its credentials: on AWS the Secrets Manager
 * secret SMS_SECRET_ARN names, locally the value of SMS_SECRET (the local SMS sink's). The value is
 * the JSON `{"api_token": "...", "sid": "..."}`; an empty api_token means SMS is not set up (infra
 * creates the secret that way), and then no SMS is sent.
 */
interface SmsCredentials {
  apiToken: string;
  sid: string;
}

/** How long a container keeps the credentials (a changed secret is used within this). */
const CACHE_MS = 5 * 60_000;

function parseSmsSecret(text: string | undefined, where: string): SmsCredentials | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`The SMS secret (${where}) is not JSON of the form {"api_token":"...","sid":"..."}`);
  }
  const { api_token: apiToken, sid } = (parsed ?? {}) as Record<string, unknown>;
  if (
    (apiToken !== undefined && typeof apiToken !== 'string') ||
    (sid !== undefined && typeof sid !== 'string')
  )
    throw new Error(`The SMS secret (${where}) has a non-string api_token or sid`);
  return apiToken && sid ? { apiToken, sid } : undefined;
}

let cached: { at: number; value: Promise<SmsCredentials | undefined> } | undefined;

/** `name` says which secret this reads to infra's grant reader (infra/src/code-grants.ts). */
async function secretsManagerGet(arn: string, name: 'SMS_SECRET'): Promise<SmsCredentials | undefined> {
  client ??= new SecretsManagerClient({ region: config().AWS_REGION });
  const res = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  return parseSmsSecret(res.SecretString, `Secrets Manager, ${name}`);
}
let client: SecretsManagerClient | undefined;
keptPerContainer(() => {
  cached = undefined;
  client = undefined;
});

function readCredentials(now = Date.now()): Promise<SmsCredentials | undefined> {
  const env = config();
  if (!env.SMS_SECRET_ARN) return Promise.resolve(parseSmsSecret(env.SMS_SECRET, 'SMS_SECRET'));
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const value = secretsManagerGet(env.SMS_SECRET_ARN, 'SMS_SECRET');
  const entry = { at: now, value };
  cached = entry;
  value.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return value;
}

/** The shop's SMS provider, or undefined when none is set up (no credentials). */
export async function smsProvider(): Promise<SmsProvider | undefined> {
  const credentials = await readCredentials();
  if (!credentials) return undefined;
  const env = config();
  return createSslWireless({
    baseUrl: env.SMS_BASE_URL ?? SSL_WIRELESS_BASE_URL,
    ...credentials,
    ...(env.SMS_TIMEOUT_MS && { timeoutMs: env.SMS_TIMEOUT_MS }),
  });
}
