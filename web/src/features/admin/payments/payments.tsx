import { methodLabel } from '../../../shared/lib/format';
import { Badge } from '../../../shared/ui/badge';
import { ListTable, SectionCard } from '../components/kit';
import { useFormat } from '../../../shared/i18n/format';
import { usePagedList } from '../hooks/use-admin-queries';
import { labelOf, PAYMENT_KIND_TEXT, PAYMENT_STATUS_TEXT, PROVIDER_TEXT } from '../lib/labels';
import { useT as useAdminT } from '../messages';
import { useT } from '../settings/messages';

/** Spec: completed and pending are shown normally, other statuses destructive. */
export function paymentBadge(status: string): 'default' | 'secondary' | 'destructive' {
  if (status === 'completed') return 'default';
  if (status === 'pending') return 'secondary';
  return 'destructive';
}

export default function PaymentsSection() {
  const t = useT();
  const label = useAdminT();
  const { money, date } = useFormat();
  const list = usePagedList('adminListPayments', {}, { errorPrefix: t('failedLoadPayments') });
  return (
    <SectionCard title={t('paymentManagement')} description={t('paymentsDescription')}>
      <ListTable
        // Key columns first (what, how much, where it stands); the rest scrolls on a phone.
        columns={[
          t('colPayment'),
          t('colKind'),
          t('amount'),
          t('status'),
          t('user'),
          t('order'),
          t('colMethod'),
          t('colProvider'),
          t('colTransaction'),
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
                  <Badge variant="destructive">{label(PAYMENT_KIND_TEXT.unexpected)}</Badge>
                  <span className="block max-w-56 text-xs text-muted-foreground">{p.note}</span>
                </span>
              ) : (
                label(PAYMENT_KIND_TEXT[p.kind])
              )}
            </td>
            <td className={p.amount < 0 ? 'text-destructive' : undefined}>{money(p.amount)}</td>
            <td>
              <Badge variant={paymentBadge(p.status)}>{label(PAYMENT_STATUS_TEXT[p.status])}</Badge>
            </td>
            <td>{p.user_email ?? p.user_id}</td>
            <td className="font-mono">{p.order_id?.slice(0, 8)}</td>
            <td>{p.payment_method ? methodLabel(p.payment_method) : ''}</td>
            <td>{labelOf(PROVIDER_TEXT, p.payment_provider)}</td>
            <td className="font-mono">{p.transaction_id ?? p.invoice_id}</td>
            <td className="whitespace-nowrap">{date(p.created_at)}</td>
          </tr>
        )}
      />
    </SectionCard>
  );
}
