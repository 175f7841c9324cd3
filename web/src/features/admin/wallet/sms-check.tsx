import type { AdminManualTopup } from '@khelaghor/contract/schemas/admin-commerce';
import type { SmsControl } from '@khelaghor/contract/sms-facts';
import type * as z from '@khelaghor/contract/zod';
import { formatDateTime, formatTaka } from '../lib/format';
import { useT, type AdminMessage } from '../messages';

type Request = z.infer<typeof AdminManualTopup>;

/** The failed control's words beside the request (docs/sms-payments.md). */
const CONTROL_TEXT: Record<SmsControl, AdminMessage> = {
  amount: 'smsControl_amount',
  receiving_number: 'smsControl_receiving_number',
  provider: 'smsControl_provider',
  time_window: 'smsControl_time_window',
  trxid_used: 'smsControl_trxid_used',
  balance_chain: 'smsControl_balance_chain',
  claimed_twice: 'smsControl_claimed_twice',
  duplicate_sms: 'smsControl_duplicate_sms',
};

/** An SMS that credited another request: this one can never be approved (the server refuses too). */
export const creditedElsewhere = (p: Request) =>
  !!p.sms && p.sms.status === 'matched' && p.sms.payment_id !== null && p.sms.payment_id !== p.id;

/**
 * What the SMS matcher found for a TrxID request: the failed control and the SMS it compared the
 * request with (its text, the number it came to), or that the request still waits for its SMS.
 */
export function SmsCheck({ request: p }: { request: Request }) {
  const tr = useT();
  if (p.status !== 'pending') return null;
  if (!p.sms_review)
    return p.expires_at ? (
      <p className="mt-1 text-xs text-muted-foreground">
        {tr('smsWaiting', { time: formatDateTime(p.expires_at) })}
      </p>
    ) : null;
  return (
    <div role="note" className="mt-1 max-w-xs text-xs">
      <p className="font-semibold text-destructive">
        {tr('smsCheckFailed', { control: tr(CONTROL_TEXT[p.sms_review]) })}
      </p>
      {p.sms && (
        <>
          <p className="text-muted-foreground">
            {tr('smsSeen', {
              number: p.sms.receiving_number,
              amount: p.sms.amount === null ? '—' : formatTaka(p.sms.amount),
              time: formatDateTime(p.sms.received_at),
            })}
          </p>
          <p className="whitespace-pre-wrap break-words font-mono text-[11px]">
            {p.sms.sender}: {p.sms.text}
          </p>
        </>
      )}
      {creditedElsewhere(p) && <p className="font-semibold text-destructive">{tr('smsCreditedOther')}</p>}
    </div>
  );
}
