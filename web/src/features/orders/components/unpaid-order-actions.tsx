import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/sonner';
import { cancelOrder, getOrder, refreshOrders } from '../api';
import { t, useT } from '../messages';

/**
 * An unpaid gateway order in My Orders: go back to its checkout (the same invoice, never a new
 * one), or cancel it after a confirmation step so its code goes back on sale at once.
 */
export function UnpaidOrderActions({ orderId }: { orderId: string }) {
  const tr = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const complete = async () => {
    setBusy(true);
    try {
      const { order } = await getOrder(orderId);
      if (order.payment_url) return window.location.assign(order.payment_url);
      toast.error(t('error'), { description: t('noLongerPayable') });
      void refreshOrders(queryClient);
    } catch (error) {
      toast.error(t('error'), { description: errorMessage(error) });
    }
    setBusy(false);
  };

  const cancel = async () => {
    setBusy(true);
    try {
      await cancelOrder(orderId);
      toast.success(t('orderCancelled'));
    } catch (error) {
      toast.error(t('error'), { description: errorMessage(error) });
    }
    setBusy(false);
    setConfirming(false);
    void refreshOrders(queryClient);
  };

  if (confirming) {
    return (
      <div
        className="mt-3 space-y-2 rounded-md border p-3 text-sm"
        role="group"
        aria-label={tr('cancelThisOrder')}
      >
        <p>{tr('cancelConfirm')}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="destructive" disabled={busy} onClick={() => void cancel()}>
            {tr('yesCancel')}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
            {tr('keepOrder')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" disabled={busy} onClick={() => void complete()}>
        {tr('completePayment')}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
        {tr('cancelOrder')}
      </Button>
    </div>
  );
}
