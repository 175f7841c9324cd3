import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupplierName } from '@khelaghor/contract/schemas/suppliers';
import { config } from '../runtime/config';
import { keptPerContainer } from '../runtime/container-state';

/**
 * Where a supplier's secret (UniPin's HMAC secret, MooGold's API secret) lives: one AWS Secrets
 * Manager secret per supplier (UNIPIN_SECRET_ARN, MOOGOLD_SECRET_ARN) on AWS, a file per table and
 * supplier under LOCAL_SECRETS_DIR on this machine. The value is `{"secret":"..."}`; '' is none.
 *
 * As in secret-store.ts, the read and write halves are separate top-level functions, and each
 * Secrets Manager call names its secret by a string literal: infra grants a function
 * secretsmanager:GetSecretValue / PutSecretValue on a supplier's secret only when its bundle holds
 * that call (infra/src/code-grants.ts), so only the functions that call suppliers can read them and
 * only the API Setup save can write them.
 */

let sm: SecretsManagerClient | undefined;
keptPerContainer(() => (sm = undefined));
const secretsManager = () => (sm ??= new SecretsManagerClient({ region: config().AWS_REGION }));

function parseSecret(text: string | undefined, where: string): string {
  if (!text) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`The supplier secret (${where}) is not JSON of the form {"secret":"..."}`);
  }
  const value = (parsed as { secret?: unknown } | null)?.secret;
  if (value !== undefined && typeof value !== 'string')
    throw new Error(`The supplier secret (${where}) has a non-string secret`);
  return value ?? '';
}

const secretValue = (secret: string) => JSON.stringify({ secret });

/** One file per table and supplier, so the parallel test files (one table each) never share one. */
const secretFile = (dir: string, table: string, supplier: SupplierName) =>
  join(dir, `${table.replace(/[^A-Za-z0-9_.-]/g, '_')}.${supplier}-secret.json`);

async function fileGet(dir: string, table: string, supplier: SupplierName): Promise<string> {
  const file = secretFile(dir, table, supplier);
  try {
    return parseSecret(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

async function filePut(dir: string, table: string, supplier: SupplierName, secret: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = secretFile(dir, table, supplier);
  // Write then rename: a reader sees the old secret or the new one, never half a file.
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, secretValue(secret), { mode: 0o600 });
  await rename(temp, file);
}

async function smGet(arn: string, name: string): Promise<string> {
  const res = await secretsManager().send(new GetSecretValueCommand({ SecretId: arn }));
  return parseSecret(res.SecretString, `Secrets Manager, ${name}`);
}

async function smPut(arn: string, _name: string, secret: string): Promise<void> {
  await secretsManager().send(
    new PutSecretValueCommand({ SecretId: arn, SecretString: secretValue(secret) }),
  );
}

const noStore = (supplier: SupplierName) =>
  new Error(
    `No secret store for the ${supplier} secret: set ${supplier.toUpperCase()}_SECRET_ARN (AWS) or LOCAL_SECRETS_DIR (local stack)`,
  );

/** The ARN of a supplier's secret; the literal names are what infra's grant reader looks for. */
function arnOf(supplier: SupplierName): string | undefined {
  const env = config();
  return supplier === 'unipin' ? env.UNIPIN_SECRET_ARN : env.MOOGOLD_SECRET_ARN;
}

/** Reads a supplier's stored secret ('' when none is stored): the functions that call suppliers. */
export async function readSupplierSecret(table: string, supplier: SupplierName): Promise<string> {
  const arn = arnOf(supplier);
  if (arn) return smGet(arn, supplier === 'unipin' ? 'UNIPIN_SECRET' : 'MOOGOLD_SECRET');
  const dir = config().LOCAL_SECRETS_DIR;
  if (dir) return fileGet(dir, table, supplier);
  throw noStore(supplier);
}

/** Stores a supplier's secret: the API Setup save only. */
export async function writeSupplierSecret(
  table: string,
  supplier: SupplierName,
  secret: string,
): Promise<void> {
  const arn = arnOf(supplier);
  // Names of their own for the write: a function that reads other secrets (every one reads the
  // origin secret) must not be granted a read of this one for naming it.
  if (arn) return smPut(arn, supplier === 'unipin' ? 'UNIPIN_SECRET:write' : 'MOOGOLD_SECRET:write', secret);
  const dir = config().LOCAL_SECRETS_DIR;
  if (dir) return filePut(dir, table, supplier, secret);
  throw noStore(supplier);
}
