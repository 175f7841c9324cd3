import type { Db } from '../../functions/src/db/client';
import { ensureDemoDevices } from '../../functions/src/use-cases/payments/sms-devices';
import type { ShopPhoneKey } from './sandbox-shop-phone/server';

/**
 * One device key per seeded receiving wallet, for the shop phone page (docs/sms-forwarder.md).
 * Fixed ids, so the keys outlive a restart; the secrets exist only in this local stack.
 */
export async function seedSmsDevices(db: Db): Promise<ShopPhoneKey[]> {
  const made = await ensureDemoDevices(
    db,
    (provider, number) => `sd_DEMO${provider.toUpperCase()}${number}`,
    new Date().toISOString(),
  );
  return made.map(({ device, secret }) => ({
    deviceId: device.device_id,
    secret,
    provider: device.provider,
    number: device.receiving_number,
  }));
}
