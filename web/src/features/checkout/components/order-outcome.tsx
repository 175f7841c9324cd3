import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { statusLabel } from '../../../shared/lib/format';
import { SETTLED } from '../settled';

/** The headline of the return page: paid, failed or refunded, or still waiting. */
export function OrderOutcome({ status }: { status: string }) {
  const settled = SETTLED.has(status);
  return (
    <div className="no-print text-center" role="status" aria-live="polite">
      {status === 'completed' ? (
        <>
          <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">Payment Successful!</h1>
          <p className="text-muted-foreground">Your order is complete. Delivery takes under 1 minute.</p>
        </>
      ) : settled ? (
        <>
          <XCircle className="mx-auto h-14 w-14 text-red-600" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">Order {statusLabel(status)}</h1>
          <p className="text-muted-foreground">
            {status === 'refunded'
              ? 'The amount was credited to your wallet.'
              : 'The payment did not go through.'}
          </p>
        </>
      ) : (
        <>
          <Clock className="mx-auto h-14 w-14 animate-pulse text-amber-600" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">Waiting for payment confirmation…</h1>
          <p className="text-muted-foreground">This page updates by itself. Please keep it open.</p>
        </>
      )}
    </div>
  );
}
