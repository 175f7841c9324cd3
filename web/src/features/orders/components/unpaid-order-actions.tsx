import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/sonner';
import { cancelOrder, getOrder, refreshOrders } from '../api';

/**
 * An unpaid gateway order in My Orders: go back to its checkout (the same invoice, never a new
 * one), or cancel it after a confirmation step so its code goes back on sale at once.
 */
export function UnpaidOrderActions({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const complete = async () => {
    setBusy(true);
    try {
      const { order } = await getOrder(orderId);
      if (order.payment_url) return window.location.assign(order.payment_url);
      toast.error('Error', { description: 'This order can no longer be paid' });
      void refreshOrders(queryClient);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
    setBusy(false);
  };

  const cancel = async () => {
    setBusy(true);
    try {
      await cancelOrder(orderId);
      toast.success('Order cancelled');
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
    setBusy(false);
    setConfirming(false);
    void refreshOrders(queryClient);
  };

  if (confirming) {
    return (
      <div className="mt-3 space-y-2 rounded-md border p-3 text-sm" role="group" aria-label="Cancel this order?">
        <p>Cancel this order? Nothing has been paid; the package goes back on sale.</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="destructive" disabled={busy} onClick={() => void cancel()}>
            Yes, cancel order
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
            Keep order
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" disabled={busy} onClick={() => void complete()}>
        Complete payment
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
        Cancel order
      </Button>
    </div>
  );
}
