import { Badge } from '../../../shared/ui/badge';
import { ListTable, SectionCard } from '../components/kit';
import type { PaymentKind, PaymentStatus } from '@khelaghor/contract/facts';
import { useFormat } from '../../../shared/i18n/format';
import { usePagedList } from '../hooks/use-admin-queries';
import { useT, type SettingsMessage } from '../settings/messages';

// The kinds and statuses as the records name them; English shows those words as they are.
const KIND_TEXT: Record<PaymentKind, SettingsMessage> = {
  order: 'kindOrder',
  topup: 'kindTopup',
  manual_topup: 'kindManualTopup',
  adjustment: 'kindAdjustment',
  demo_topup: 'kindDemoTopup',
  refund: 'kindRefund',
  unexpected: 'kindUnexpected',
};
const STATUS_TEXT: Record<PaymentStatus, SettingsMessage> = {
  pending: 'paymentPending',
  completed: 'paymentCompleted',
  failed: 'paymentFailed',
  rejected: 'paymentRejected',
  review: 'paymentReview',
};

/** Spec: completed and pending are shown normally, other statuses destructive. */
export function paymentBadge(status: string): 'default' | 'secondary' | 'destructive' {
  if (status === 'completed') return 'default';
  if (status === 'pending') return 'secondary';
  return 'destructive';
}

export default function PaymentsSection() {
  const t = useT();
  const { money, date } = useFormat();
  const list = usePagedList('adminListPayments', {}, { errorPrefix: t('failedLoadPayments') });
  return (
    <SectionCard title={t('paymentManagement')} description={t('paymentsDescription')}>
      <ListTable
        columns={[
          t('colPayment'),
          t('colKind'),
          t('user'),
          t('order'),
          t('amount'),
          t('colMethod'),
          t('colProvider'),
          t('colTransaction'),
          t('status'),
          t('created'),
        ]}
        list={list}
        empty={t('noPayments')}
        row={(p) => (
          <tr key={p.id} className="border-t">
            <td className="font-mono">{p.id.slice(0, 8)}</td>
            <td>
              {p.kind === 'unexpected' ? (
                // Money the shop did not ask for, already credited to the payer's wallet: the
                // operator refunds it at the gateway or leaves it there (docs/payments.md).
                <span title={p.note ?? undefined}>
                  <Badge variant="destructive">{t('kindUnexpected')}</Badge>
                  <span className="block max-w-56 text-xs text-muted-foreground">{p.note}</span>
                </span>
              ) : (
                t(KIND_TEXT[p.kind])
              )}
            </td>
            <td>{p.user_email ?? p.user_id}</td>
            <td className="font-mono">{p.order_id?.slice(0, 8)}</td>
            <td className={p.amount < 0 ? 'text-destructive' : undefined}>{money(p.amount)}</td>
            <td>{p.payment_method}</td>
            <td>{p.payment_provider}</td>
            <td className="font-mono">{p.transaction_id ?? p.invoice_id}</td>
            <td>
              <Badge variant={paymentBadge(p.status)}>{t(STATUS_TEXT[p.status])}</Badge>
            </td>
            <td className="whitespace-nowrap">{date(p.created_at)}</td>
          </tr>
        )}
      />
    </SectionCard>
  );
}
