import { queryCatalog } from '../../functions/src/db/catalog/catalog-items';
import type { Db } from '../../functions/src/db/client';
import { ensureProfile } from '../../functions/src/db/users/profiles';
import { getReseller, putReseller, setCallbackUrl } from '../../functions/src/db/resellers/reseller-item';
import { createResellerKey, getResellerKey } from '../../functions/src/db/resellers/reseller-keys';
import { applyBalanceChange } from '../../functions/src/db/wallet/balance';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { deriveKeySecret, sha256Hex } from '../../functions/src/domain/resellers/signing';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { DEVELOPMENT_RESELLER_KEY_SECRET } from '../../functions/src/runtime/config';
import { ensureUser } from './cognito';

/** The demo reseller: a customer with a price list, ৳5,000 in the wallet, one API key and a callback URL. */
const DEMO_RESELLER = {
  email: 'reseller@khelaghor.local',
  password: 'Reseller@12345',
  name: 'Demo Reseller',
  /** Fixed, so the printed key works across restarts (its secret is derived, never stored). */
  keyId: 'rk_DEMO0000000000000000000001',
  balance: 500_000,
  /** Percent off every demo product. */
  discount: 10,
} as const;

/**
 * Makes the demo reseller once (account, price list, balance, key); later runs change nothing an
 * admin or the reseller may have changed. Answers the key id and its secret, derived as the local
 * API derives it (the development RESELLER_KEY_SECRET: the local stack sets none).
 */
export async function seedDemoReseller(
  db: Db,
  cognitoUrl: string,
  userPoolId: string,
  /** Where its callbacks go at first: the local callback receiver. */
  callbackUrl: string,
): Promise<{ email: string; password: string; keyId: string; secret: string }> {
  const user = await ensureUser(cognitoUrl, userPoolId, DEMO_RESELLER);
  await ensureProfile(
    db,
    { userId: user.sub, email: DEMO_RESELLER.email, groups: [], isAdmin: false },
    async () => ({ email: DEMO_RESELLER.email, fullName: DEMO_RESELLER.name }),
  );
  const now = new Date().toISOString();
  if (!(await getReseller(db, user.sub))) {
    const { products } = await queryCatalog(db);
    await putReseller(
      db,
      {
        user_id: user.sub,
        email: DEMO_RESELLER.email,
        is_active: true,
        prices: {},
        product_discounts: Object.fromEntries(products.map((p) => [p.id, DEMO_RESELLER.discount])),
      },
      now,
    );
    await setCallbackUrl(db, user.sub, callbackUrl, now);
    await applyBalanceChange(db, {
      userId: user.sub,
      delta: DEMO_RESELLER.balance,
      reason: 'adjustment',
      reference: 'demo-reseller',
      now,
    });
  }
  const secret = deriveKeySecret(DEVELOPMENT_RESELLER_KEY_SECRET, DEMO_RESELLER.keyId);
  if (!(await getResellerKey(db, DEMO_RESELLER.keyId))) {
    await createResellerKey(db, {
      type: 'reseller_key',
      key_id: DEMO_RESELLER.keyId,
      user_id: user.sub,
      label: 'Demo key (printed by npm start)',
      secret_hash: sha256Hex(secret),
      allowed_ips: [],
      status: 'active',
      created_at: now,
    });
  }
  return { email: DEMO_RESELLER.email, password: DEMO_RESELLER.password, keyId: DEMO_RESELLER.keyId, secret };
}
