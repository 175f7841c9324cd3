import { placeOrder as route } from '@khelaghor/contract/routes/orders';
import { orderView } from '../../use-cases/orders/order-view';
import { placeOrder } from '../../use-cases/orders/place-order';
import { fulfilmentDeps } from '../../use-cases/payments/deps';
import { badRequest } from '../../domain/refusals';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const key = req.headers['idempotency-key']?.trim();
  if (!key) throw badRequest('Idempotency-Key header is required');
  if (key.length > 128 || !/^[\w.:-]+$/.test(key))
    throw badRequest('Idempotency-Key must be 1-128 letters, digits or -_.:');
  const placed = await placeOrder(fulfilmentDeps(), req.caller, req.body, key);
  return {
    order: orderView(placed.order, { payment: placed.payment }),
    payment_url: placed.paymentUrl,
    balance: placed.balance,
  };
});
