import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../shared/api/client';
import { invalidateRoutes } from '../../../shared/api/query-keys';
import type { PaymentState } from '../../../shared/lib/payment-state';
import { toast } from '../../../shared/ui/sonner';
import { placeOrder } from '../api';
import { t } from '../messages';
import { newIdempotencyKey } from '../idempotency';
import { clearCheckout, markPlaced } from '../saved-checkout';
import { toGateway } from '../gateway-redirect';

/**
 * Paying for the order the product page described: a wallet order lands on /payment-success, a
 * gateway order goes to the gateway's checkout. One idempotency key per payment attempt. An applied
 * promo code goes with the order; the server prices it again from the table.
 */
export function usePayOrder(state: PaymentState | undefined, promoCode?: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  // One key per payment attempt: a double click or a retried request never orders twice, and the
  // server hands every request of the attempt the same checkout.
  const attemptKey = useRef(newIdempotencyKey());
  // Another code is another order body: a key kept after a network error must not carry over to it.
  useEffect(() => {
    attemptKey.current = newIdempotencyKey();
  }, [promoCode]);
  // Set synchronously, so a second click in the same frame does not send a second request.
  const inFlight = useRef(false);

  const pay = async () => {
    if (!state || inFlight.current) return;
    if (!state.variantId || !state.price) {
      toast.error(t('error'), { description: t('orderDetailsMissing') });
      return;
    }
    inFlight.current = true;
    setPaying(true);
    try {
      const res = await placeOrder(
        {
          variant_id: state.variantId,
          player_uid: state.playerUID || null,
          ...(state.playerZone && { player_zone: state.playerZone }),
          player_name: state.playerName || null,
          whatsapp_number: state.whatsappNumber || null,
          payment_method: state.paymentMethod,
          ...(promoCode && { promo_code: promoCode }),
        },
        attemptKey.current,
      );
      void invalidateRoutes(queryClient, 'getMe', 'listOrders');
      if (res.order.payment_method === 'wallet') {
        clearCheckout();
        void invalidateRoutes(queryClient, 'listCodes');
        navigate(`/payment-success?order_id=${encodeURIComponent(res.order.id)}`, { replace: true });
        return;
      }
      if (!res.payment_url) {
        toast.error(t('paymentUrlMissing'));
        inFlight.current = false;
        setPaying(false);
        return;
      }
      // Back from the gateway's page comes to this history entry again: it must say the order
      // is placed, not offer to place it a second time.
      markPlaced(location.key, res.order.id);
      toGateway(res.payment_url);
    } catch (error) {
      // A definite answer ends this attempt; after a network error the outcome is unknown, so a
      // retry keeps the key and the server answers with the first order if there was one.
      if (error instanceof ApiError && error.status !== 0) attemptKey.current = newIdempotencyKey();
      if (error instanceof ApiError && error.code === 'unpaid_orders') {
        // Nothing failed: the shop holds at most so many unpaid orders, and this one was refused.
        toast.error(t('unpaidOrdersTitle'), {
          description: errorMessage(error),
          action: { label: t('myOrders'), onClick: () => navigate('/my-orders') },
        });
      } else {
        toast.error(t('paymentFailed'), { description: errorMessage(error) || t('failedToProcess') });
      }
      inFlight.current = false;
      setPaying(false);
    }
  };

  return { pay, paying };
}
