import type { SupplierHealth } from '@khelaghor/contract/schemas/suppliers';
import { Badge } from '../../../shared/ui/badge';
import { useFormat } from '../../../shared/i18n/format';
import { SectionCard } from '../components/kit';
import { useAdminGet } from '../hooks/use-admin-queries';
import { formatDateTime } from '../lib/format';
import { useT } from './messages';

const SUPPLIER_LABELS: Record<SupplierHealth['supplier'], string> = { unipin: 'UniPin', moogold: 'MooGold' };

/** A supplier's money in its own currency (minor units from the adapter: cents for USD). */
function useMoney() {
  const { locale } = useFormat();
  return (m: { amount: number; currency: string }) => {
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: m.currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    return new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en', {
      style: 'currency',
      currency: m.currency,
    }).format(m.amount / 10 ** digits);
  };
}

function HealthRow({ h }: { h: SupplierHealth }) {
  const tr = useT();
  const { number } = useFormat();
  const money = useMoney();
  const calls = h.calls_24h.done + h.calls_24h.refused + h.calls_24h.unknown;
  return (
    <li
      className="rounded-lg border p-3"
      aria-label={SUPPLIER_LABELS[h.supplier]}
      data-testid="supplier-health"
    >
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        {SUPPLIER_LABELS[h.supplier]}
        {h.consecutive_failures > 0 && (
          <Badge variant="destructive">
            {tr('failingStreak', { count: number(h.consecutive_failures) })}
          </Badge>
        )}
      </p>
      {!h.is_active ? (
        <p className="text-sm text-muted-foreground">{tr('notSetUp')}</p>
      ) : (
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{tr('balance')}</dt>
          <dd className={h.below_level ? 'font-semibold text-destructive' : 'font-semibold'}>
            {h.balance ? money(h.balance) : tr('noAnswer', { why: h.balance_error ?? '' })}
            {h.below_level && <span className="ml-1">({tr('belowLevel')})</span>}
          </dd>
          {h.stock.length > 0 && (
            <>
              <dt className="text-muted-foreground">{tr('voucherStock')}</dt>
              <dd>
                {h.stock
                  .map((s) => `${s.product_id}: ${s.stock === null ? tr('unknownStock') : number(s.stock)}`)
                  .join(', ')}
              </dd>
            </>
          )}
          <dt className="text-muted-foreground">{tr('failedCalls')}</dt>
          <dd>
            {tr('failedCallsValue', {
              percent: number(Math.round(h.failed_share * 100)),
              calls: number(calls),
            })}
          </dd>
          <dt className="text-muted-foreground">{tr('lastError')}</dt>
          <dd className="break-words">
            {h.last_error ? `${h.last_error} (${formatDateTime(h.last_error_at)})` : tr('none')}
          </dd>
        </dl>
      )}
    </li>
  );
}

/** Each supplier's balance, voucher stock, last error and share of failed calls (asked on open). */
export function SupplierHealthCard() {
  const tr = useT();
  const health = useAdminGet('adminSupplierHealth', { errorPrefix: tr('failedLoadHealth') });
  return (
    <SectionCard title={tr('supplierHealth')} description={tr('supplierHealthDescription')}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {health.data?.suppliers.map((h) => (
          <HealthRow key={h.supplier} h={h} />
        ))}
      </ul>
    </SectionCard>
  );
}
