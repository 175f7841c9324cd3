import type { AdminPromo, PromoScope } from '@khelaghor/contract/schemas/promos';
import { BarChart3, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { AddButton, CrudDialog, useCrud } from '../components/crud';
import type { PickOption } from '../components/id-picker';
import { ActiveBadge, ListTable, SectionCard } from '../components/kit';
import { PromoDetailDialog } from './promo-detail';
import { PromoForm, promoFormValues, type PromoBody } from './promo-form';
import { useAdminGet } from '../hooks/use-admin-queries';
import { formatTaka } from '@khelaghor/contract/taka';
import { currentLocale } from '../../../shared/i18n/i18n';
import { formatDateIn, formatNumberIn, useFormat } from '../../../shared/i18n/format';
import { t, useT } from '../settings/messages';

type PromoRow = AdminPromo & { id: string };

// The row texts below are built in the page's language at call time (the section re-renders on a switch).
const moneyNow = (poisha: number) => formatTaka(poisha, currentLocale());
const dateNow = (iso: string) => formatDateIn(currentLocale(), iso);

function discountText(p: Pick<AdminPromo, 'discount_type' | 'discount_value' | 'min_order'>): string {
  const off =
    p.discount_type === 'percent'
      ? t('percentOff', { value: formatNumberIn(currentLocale(), p.discount_value) })
      : t('amountOff', { amount: moneyNow(p.discount_value) });
  return p.min_order ? t('offWithMin', { off, amount: moneyNow(p.min_order) }) : off;
}

export function scopeText(scope: PromoScope, names: Map<string, string>): string {
  if (scope.type === 'all') return t('allPackages');
  const listed = scope.ids.map((id) => names.get(id) ?? id);
  const more = listed.length > 2 ? ` +${formatNumberIn(currentLocale(), listed.length - 2)}` : '';
  const list = listed.slice(0, 2).join(', ') + more;
  return t(scope.type === 'products' ? 'scopeProducts' : 'scopePackages', { list });
}

export function windowText(p: Pick<AdminPromo, 'starts_at' | 'ends_at'>): string {
  if (p.starts_at && p.ends_at)
    return t('windowBetween', { from: dateNow(p.starts_at), to: dateNow(p.ends_at) });
  if (p.starts_at) return t('windowFrom', { date: dateNow(p.starts_at) });
  if (p.ends_at) return t('windowUntil', { date: dateNow(p.ends_at) });
  return t('windowAlways');
}

export default function PromotionsSection() {
  const tr = useT();
  const { money, number } = useFormat();
  const promos = useAdminGet('adminListPromos', { errorPrefix: tr('failedLoadPromos') });
  const products = useAdminGet('adminListProducts', { errorPrefix: tr('failedLoadProducts') });
  const variants = useAdminGet('adminListVariants', { errorPrefix: tr('failedLoadVariants') });
  const [viewing, setViewing] = useState<string | null>(null);
  const crud = useCrud<PromoRow, PromoBody>({
    noun: tr('promoNoun'),
    create: (body) => call('adminCreatePromo', { body }),
    update: (code, body) => call('adminUpdatePromo', { params: { code }, body }),
    // Codes are never deleted (their orders point at them): switch one off with 'Active'.
    remove: () => Promise.reject(new Error(tr('promoCannotDelete'))),
    refresh: ['adminListPromos', 'adminGetPromo'],
  });

  const productOptions: PickOption[] = (products.data?.items ?? [])
    .map((p) => ({ id: p.id, label: p.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const variantOptions: PickOption[] = (variants.data?.items ?? [])
    .map((v) => ({ id: v.id, label: `${v.product_name} – ${v.name}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const names = new Map([...productOptions, ...variantOptions].map((o) => [o.id, o.label]));
  const rows: PromoRow[] = (promos.data?.items ?? []).map((p) => ({ ...p, id: p.code }));

  return (
    <SectionCard
      title={tr('promotions')}
      description={tr('promotionsDescription')}
      actions={<AddButton onClick={() => crud.open('new')}>{tr('addPromo')}</AddButton>}
    >
      <ListTable
        columns={[
          tr('colCode'),
          tr('discount'),
          tr('colScope'),
          tr('colWindow'),
          tr('colUses'),
          tr('status'),
          tr('colDiscountGiven'),
          tr('actions'),
        ]}
        loading={promos.isLoading}
        items={rows}
        empty={tr('noPromos')}
        row={(p) => (
          <tr key={p.code} className="border-t" data-testid="promo-row" data-code={p.code}>
            <td className="font-mono font-medium">{p.code}</td>
            <td>{discountText(p)}</td>
            <td className="max-w-56">{scopeText(p.scope, names)}</td>
            <td className="text-xs">{windowText(p)}</td>
            <td data-testid="promo-uses">
              {number(p.uses)} / {p.max_uses === null ? '∞' : number(p.max_uses)}
              {p.max_uses_per_customer !== null && (
                <div className="text-xs text-muted-foreground">
                  {tr('perCustomer', { count: number(p.max_uses_per_customer) })}
                </div>
              )}
            </td>
            <td>
              <ActiveBadge active={p.is_active} t={tr} />
            </td>
            <td data-testid="promo-discount-given">{money(p.discount_given)}</td>
            <td>
              <div className="flex gap-1">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={tr('editItem', { name: p.code })}
                  onClick={() => crud.open(p)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={tr('detailsOf', { code: p.code })}
                  onClick={() => setViewing(p.code)}
                >
                  <BarChart3 aria-hidden="true" />
                </Button>
              </div>
            </td>
          </tr>
        )}
      />
      <CrudDialog crud={crud}>
        {(p, form) => (
          <PromoForm
            {...form}
            products={productOptions}
            variants={variantOptions}
            initial={p && promoFormValues(p)}
          />
        )}
      </CrudDialog>
      <PromoDetailDialog code={viewing} onClose={() => setViewing(null)} />
    </SectionCard>
  );
}
