// A static import on purpose, as clients/user-pool.ts explains: in the Lambda bundle an import()
// keeps the whole client (every command) and costs more init than this one command does.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config, DEVELOPMENT_CURSOR_SECRET, DEVELOPMENT_RESELLER_KEY_SECRET, type Config } from './config';
import { keptPerContainer } from './container-state';

/**
 * The shop's own rotating secrets (the origin-verify header, the page-cursor key, the reseller key
 * root), read at run time rather than from a value CloudFormation baked into the environment: a
 * value CloudFormation resolved at deploy time is not re-read until the template changes, so a
 * rotated secret would never reach the Lambdas (docs/deploy.md, "Rotating the secrets").
 *
 * Where a value comes from, in order:
 * - `<NAME>_ARN` (AWS): a Secrets Manager secret whose value is the JSON
 *   `{"current": "...", "previous": "..."}` (`previous` optional, a string or a list) or a plain
 *   value (current only: how infra generates the cursor key and the reseller key root). Fetched
 *   at most once per SECRET_CACHE_MS per container.
 * - `<NAME>` (the local stack and tests): the value itself, plain or the same JSON.
 * - neither: outside production, the secret's development value (or none, for origin-verify); in
 *   production, an error naming the variable.
 *
 * Why one JSON secret holding both values rather than Secrets Manager's AWSCURRENT/AWSPREVIOUS
 * versions: one read gets both, the operator decides when `previous` is dropped (a put-secret-value
 * moves AWSPREVIOUS on every change), and CloudFront's header reads the `current` field by a
 * dynamic reference. Why not Powertools Parameters: it would add its own cache and transformer code
 * to every route's bundle for the one GetSecretValue call this file makes.
 */
export interface RotatingSecret {
  /** What new things are signed with (and what CloudFront sends). */
  current: string;
  /** Still accepted: the values before a rotation, until the operator drops them. */
  previous: string[];
}

/** The secrets read here, by the name of their local value; `<name>_ARN` names the AWS secret. */
export type SecretName = 'ORIGIN_VERIFY_SECRET' | 'CURSOR_SECRET' | 'RESELLER_KEY_SECRET';

/** How long a container keeps a value: docs/deploy.md waits longer than this between steps. */
export const SECRET_CACHE_MS = 5 * 60_000;

const MIN_LENGTH: Record<SecretName, number> = {
  ORIGIN_VERIFY_SECRET: 16,
  CURSOR_SECRET: 32,
  RESELLER_KEY_SECRET: 32,
};

/** Parses `{"current": ..., "previous": ...}` or, outside Secrets Manager, a plain value. */
export function parseRotatingSecret(name: SecretName, text: string, where: string): RotatingSecret {
  const fail = (why: string): never => {
    throw new Error(`Invalid secret ${name} (${where}): ${why}`);
  };
  let value: unknown = text;
  if (text.trimStart().startsWith('{')) {
    try {
      value = JSON.parse(text);
    } catch {
      fail('not JSON of the form {"current": "...", "previous": "..."}');
    }
  }
  const { current, previous } =
    typeof value === 'string' ? { current: value, previous: undefined } : (value as Record<string, unknown>);
  const older =
    previous === undefined || previous === '' ? [] : Array.isArray(previous) ? previous : [previous];
  const min = MIN_LENGTH[name];
  for (const v of [current, ...older]) {
    if (typeof v !== 'string' || v.length < min)
      fail(`every value must be a string of at least ${min} characters`);
  }
  return { current: current as string, previous: (older as string[]).filter((v) => v !== current) };
}

const cache = new Map<SecretName, { value: Promise<RotatingSecret>; fetchedAt: number }>();

async function fromSecretsManager(name: SecretName, arn: string): Promise<RotatingSecret> {
  client ??= new SecretsManagerClient({ region: config().AWS_REGION });
  const res = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  return parseRotatingSecret(name, res.SecretString ?? '', 'Secrets Manager');
}
let client: SecretsManagerClient | undefined;
keptPerContainer(() => {
  clearSecretCache();
  client = undefined;
});

/**
 * The secret's values; undefined only where none is configured outside production (callers pick
 * their development default). Concurrent first calls share one fetch; a failed fetch is not kept.
 */
export async function readRotatingSecret(
  name: SecretName,
  now: () => number = Date.now,
): Promise<RotatingSecret | undefined> {
  const env = config();
  const arn = env[`${name}_ARN` as keyof Config] as string | undefined;
  if (!arn) {
    const local = env[name];
    if (local) return parseRotatingSecret(name, local, 'environment');
    if (env.NODE_ENV === 'production')
      throw new Error(`Invalid environment: ${name}_ARN: required in production (the secret's ARN)`);
    return undefined;
  }
  const at = now();
  const hit = cache.get(name);
  if (hit && at - hit.fetchedAt < SECRET_CACHE_MS) return hit.value;
  const value = fromSecretsManager(name, arn);
  cache.set(name, { value, fetchedAt: at });
  value.catch(() => {
    if (cache.get(name)?.value === value) cache.delete(name);
  });
  return value;
}

/**
 * A secret that has a development value: that value outside production when none is set; in
 * production the development value is refused as firmly as a missing one.
 */
async function withDevelopmentValue(
  name: SecretName,
  development: string,
  why: string,
): Promise<RotatingSecret> {
  const found = await readRotatingSecret(name);
  const production = config().NODE_ENV === 'production';
  if (found && !(production && acceptedValues(found).includes(development))) return found;
  if (!production) return { current: development, previous: [] };
  throw new Error(`Invalid environment: ${name}: required in production (${why})`);
}

/**
 * The keys of page cursors (db/page-cursor.ts): new cursors are signed with `current`, cursors
 * signed with a previous key still open (a list open during a rotation keeps paging).
 */
export const cursorKeys = () =>
  withDevelopmentValue('CURSOR_SECRET', DEVELOPMENT_CURSOR_SECRET, 'the key that signs page cursors');

/**
 * The reseller key roots: a new key is derived from `current`; a key made under a previous root is
 * still checked with that root (found by its stored hash, kit/reseller-access.ts).
 */
export const resellerKeyRoots = () =>
  withDevelopmentValue(
    'RESELLER_KEY_SECRET',
    DEVELOPMENT_RESELLER_KEY_SECRET,
    'derives the reseller API keys',
  );

/**
 * The x-origin-verify values CloudFront may send (kit/edge.ts); undefined where none is set
 * outside production (the local stack without its edge: every request passes).
 */
export const originVerifyValues = () => readRotatingSecret('ORIGIN_VERIFY_SECRET');

/** Every value a check may accept, newest first. */
export const acceptedValues = (s: RotatingSecret) => [s.current, ...s.previous];

/** Tests: forget every cached value. */
export function clearSecretCache(): void {
  cache.clear();
}
