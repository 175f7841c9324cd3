import type * as z from '@khelaghor/contract/zod';
import { ulid } from 'ulid';
import {
  SUPPLIER_NAMES,
  type SaveSupplierBody,
  type SupplierConfigView,
  type SupplierName,
} from '@khelaghor/contract/schemas/suppliers';
import type { Db } from '../../db/client';
import {
  getSupplierConfigItem,
  listSupplierConfigItems,
  putSupplierConfigItem,
  type SupplierConfigItem,
} from '../../db/suppliers/supplier-config';
import { badRequest } from '../../domain/refusals';
import { config } from '../../runtime/config';
import { readSupplierSecret, writeSupplierSecret } from '../../clients/supplier-secret-store';
import { createUnipinSupplier } from '../../clients/suppliers/unipin';
import { createMoogoldSupplier } from '../../clients/suppliers/moogold';
import type { Supplier, SupplierOptions } from '../../clients/suppliers/supplier';
import { recordingHealth } from './supplier-health';
import { keptPerContainer } from '../../runtime/container-state';

/**
 * THE one reader of a supplier's settings (API Setup's item, else the environment's defaults) for
 * every flow that calls a supplier: dispatch, inquiry, the name check, the health page.
 */
export interface SupplierSettings {
  supplier: SupplierName;
  baseUrl: string;
  partnerId: string;
  /** '' when none is set. */
  secret: string;
  isActive: boolean;
  lowBalance: number | null;
  source: 'stored' | 'environment' | 'none';
  updatedAt: string | null;
}

/** Where the settings come from without the secret (what API Setup shows). */
interface SupplierFacts extends Omit<SupplierSettings, 'secret'> {
  secretRef:
    | { where: 'inline'; secret: string }
    | { where: 'store'; version: string; last2: string }
    | { where: 'none' };
}

function envDefaults(supplier: SupplierName) {
  const env = config();
  return supplier === 'unipin'
    ? { baseUrl: env.UNIPIN_BASE_URL, partnerId: env.UNIPIN_PARTNER_ID, secret: env.UNIPIN_SECRET }
    : { baseUrl: env.MOOGOLD_BASE_URL, partnerId: env.MOOGOLD_PARTNER_ID, secret: env.MOOGOLD_SECRET };
}

function factsOf(supplier: SupplierName, item: SupplierConfigItem | undefined): SupplierFacts {
  if (item)
    return {
      supplier,
      baseUrl: item.base_url,
      partnerId: item.partner_id,
      isActive: item.is_active,
      lowBalance: item.low_balance ?? null,
      source: 'stored',
      updatedAt: item.updated_at,
      secretRef: item.secret_version
        ? { where: 'store', version: item.secret_version, last2: item.secret_last2 ?? '' }
        : { where: 'none' },
    };
  const env = envDefaults(supplier);
  const configured = Boolean(env.baseUrl && env.partnerId);
  return {
    supplier,
    baseUrl: env.baseUrl ?? '',
    partnerId: env.partnerId ?? '',
    isActive: configured,
    lowBalance: null,
    source: configured ? 'environment' : 'none',
    updatedAt: null,
    secretRef: env.secret ? { where: 'inline', secret: env.secret } : { where: 'none' },
  };
}

const SECRET_CACHE_MS = 5 * 60_000;
/**
 * Secrets cached per table and supplier under the version the item named: a save writes the secret
 * and then the item with a new version, so a replaced secret is used from the next call on.
 */
const secretCache = new Map<string, { version: string; secret: string; fetchedAt: number }>();
keptPerContainer(() => secretCache.clear());

async function resolveSecret(db: Db, facts: SupplierFacts): Promise<string> {
  const ref = facts.secretRef;
  if (ref.where === 'none') return '';
  if (ref.where === 'inline') return ref.secret;
  const key = `${db.table}#${facts.supplier}`;
  const now = Date.now();
  const hit = secretCache.get(key);
  if (hit && hit.version === ref.version && now - hit.fetchedAt < SECRET_CACHE_MS) return hit.secret;
  const secret = await readSupplierSecret(db.table, facts.supplier);
  secretCache.set(key, { version: ref.version, secret, fetchedAt: now });
  return secret;
}

/** A supplier's settings with its secret, or undefined when it is not set up at all. */
export async function readSupplierConfig(
  db: Db,
  supplier: SupplierName,
): Promise<SupplierSettings | undefined> {
  const facts = factsOf(supplier, await getSupplierConfigItem(db, supplier));
  if (facts.source === 'none') return undefined;
  return {
    supplier,
    baseUrl: facts.baseUrl,
    partnerId: facts.partnerId,
    isActive: facts.isActive,
    lowBalance: facts.lowBalance,
    source: facts.source,
    updatedAt: facts.updatedAt,
    secret: await resolveSecret(db, facts),
  };
}

/**
 * The adapter of an active, fully set-up supplier (undefined otherwise), every call of which is
 * counted in the supplier's health (use-cases/suppliers/supplier-health.ts).
 */
export async function supplierFor(
  db: Db,
  supplier: SupplierName,
  options: Omit<SupplierOptions, 'baseUrl'> = {},
): Promise<Supplier | undefined> {
  const settings = await readSupplierConfig(db, supplier);
  if (!settings?.isActive || !settings.baseUrl || !settings.partnerId || !settings.secret) return undefined;
  const base = {
    ...options,
    baseUrl: settings.baseUrl,
    partnerId: settings.partnerId,
    secret: settings.secret,
  };
  const adapter = supplier === 'unipin' ? createUnipinSupplier(base) : createMoogoldSupplier(base);
  return recordingHealth(db, adapter, settings.lowBalance, options.now);
}

const mask = (last2: string) => (last2 ? `••••${last2}` : '');

function viewOf(facts: SupplierFacts): SupplierConfigView {
  const ref = facts.secretRef;
  return {
    supplier: facts.supplier,
    base_url: facts.baseUrl,
    partner_id: facts.partnerId,
    has_secret: ref.where !== 'none',
    // An environment's secret is the local sandbox's: its end is shown like a stored one's.
    secret_masked: mask(
      ref.where === 'store' ? ref.last2 : ref.where === 'inline' ? ref.secret.slice(-2) : '',
    ),
    is_active: facts.isActive,
    low_balance: facts.lowBalance,
    source: facts.source,
    updated_at: facts.updatedAt,
  };
}

/** API Setup's list: from the items alone, never from the secret store. */
export async function supplierViews(db: Db): Promise<SupplierConfigView[]> {
  const items = new Map((await listSupplierConfigItems(db)).map((i) => [i.supplier, i]));
  return SUPPLIER_NAMES.map((name) => viewOf(factsOf(name, items.get(name))));
}

/**
 * The admin save. A new secret goes to the secret store first, then the item with a new version
 * (the other order could let a caller cache the old secret under the new version). A save without
 * a secret keeps the stored one; an environment's secret (the local sandbox's) is moved into the
 * store by the first save, as the gateway key is.
 */
export async function saveSupplier(
  db: Db,
  supplier: SupplierName,
  body: z.output<typeof SaveSupplierBody>,
  now: Date,
  writeSecret: (secret: string) => Promise<void> = (secret) =>
    writeSupplierSecret(db.table, supplier, secret),
): Promise<SupplierConfigView> {
  const stored = await getSupplierConfigItem(db, supplier);
  const current = factsOf(supplier, stored);
  const moving = body.secret || (current.secretRef.where === 'inline' ? current.secretRef.secret : '');
  let secretFacts: Pick<SupplierConfigItem, 'secret_version' | 'secret_last2' | 'secret_updated_at'>;
  if (moving) {
    await writeSecret(moving);
    secretFacts = {
      secret_version: ulid(now.getTime()),
      secret_last2: moving.slice(-2),
      secret_updated_at: now.toISOString(),
    };
  } else if (stored?.secret_version) {
    secretFacts = {
      secret_version: stored.secret_version,
      secret_last2: stored.secret_last2,
      secret_updated_at: stored.secret_updated_at,
    };
  } else {
    throw badRequest('Please enter the secret', { secret: 'Please enter the secret' });
  }
  const item: Omit<SupplierConfigItem, 'type'> = {
    supplier,
    base_url: body.base_url.replace(/\/+$/, ''),
    partner_id: body.partner_id,
    is_active: body.is_active,
    low_balance: body.low_balance,
    updated_at: now.toISOString(),
    ...secretFacts,
  };
  await putSupplierConfigItem(db, item);
  return viewOf(factsOf(supplier, { type: 'supplier_config', ...item }));
}
