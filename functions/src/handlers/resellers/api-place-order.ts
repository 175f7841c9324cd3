import { resellerApiPlaceOrder as route } from '@khelaghor/contract/routes/resellers';
import { badRequest } from '../../domain/refusals';
import { defineResellerHandler } from '../../kit/reseller-handler';
import { fulfilmentDeps } from '../../use-cases/payments/deps';
import { placeResellerOrder } from '../../use-cases/resellers/place-reseller-order';

export const handler = defineResellerHandler(route, async (req) => {
  const key = req.headers['idempotency-key']?.trim();
  if (!key) throw badRequest('Idempotency-Key header is required');
  if (key.length > 128 || !/^[\w.:-]+$/.test(key))
    throw badRequest('Idempotency-Key must be 1-128 letters, digits or -_.:');
  return placeResellerOrder(fulfilmentDeps(), req.reseller, req.body, key);
});
