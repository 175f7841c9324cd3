import { Ban, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useStatusLabel } from '../../../shared/lib/format';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../messages';
import { SETTLED } from '../settled';

/** The headline of the return page: paid, cancelled by the buyer, failed or refunded, or still waiting. */
export function OrderOutcome({
  status,
  cancelled = false,
  deliveryMinutes,
}: {
  status: string;
  cancelled?: boolean;
  /** A direct top-up's promise: shown while it is `processing`. */
  deliveryMinutes?: number | null;
}) {
  const tr = useT();
  const statusLabel = useStatusLabel();
  const { number } = useFormat();
  const settled = SETTLED.has(status);
  return (
    <div className="no-print text-center" role="status" aria-live="polite">
      {status === 'completed' ? (
        <>
          <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">{tr('paymentSuccessful')}</h1>
          <p className="text-muted-foreground">{tr('orderComplete')}</p>
        </>
      ) : status === 'processing' ? (
        <>
          <Clock className="mx-auto h-14 w-14 animate-pulse text-amber-600" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">{statusLabel(status)}</h1>
          <p className="font-medium">{tr('orderProcessingTitle')}</p>
          <p className="text-muted-foreground">
            {tr('orderProcessingText', { minutes: number(deliveryMinutes ?? 30) })}
          </p>
        </>
      ) : cancelled ? (
        <>
          <Ban className="mx-auto h-14 w-14 text-muted-foreground" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">{tr('orderCancelledTitle')}</h1>
          <p className="text-muted-foreground">{tr('youCancelledOrder')}</p>
        </>
      ) : settled ? (
        <>
          <XCircle className="mx-auto h-14 w-14 text-red-600" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">{tr('orderStatus', { status: statusLabel(status) })}</h1>
          <p className="text-muted-foreground">
            {status === 'refunded' ? tr('refundedToWallet') : tr('paymentNotThrough')}
          </p>
        </>
      ) : (
        <>
          <Clock className="mx-auto h-14 w-14 animate-pulse text-amber-600" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">{tr('waitingConfirmation')}</h1>
          <p className="text-muted-foreground">{tr('pageUpdates')}</p>
        </>
      )}
    </div>
  );
}
