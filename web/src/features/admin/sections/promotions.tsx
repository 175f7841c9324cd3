import type { AdminPromo, PromoScope } from '@khelaghor/contract/schemas/promos';
import { BarChart3, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { AddButton, CrudDialog, useCrud } from '../components/crud';
import type { PickOption } from '../components/id-picker';
import { ListTable, SectionCard } from '../components/kit';
import { PromoDetailDialog } from '../components/promo-detail';
import { PromoForm, promoFormValues, type PromoBody } from '../components/promo-form';
import { useAdminGet } from '../hooks/use-admin-queries';
import { formatDateTime, formatTaka } from '../lib/format';

type PromoRow = AdminPromo & { id: string };

export function discountText(p: Pick<AdminPromo, 'discount_type' | 'discount_value' | 'min_order'>): string {
  const off = p.discount_type === 'percent' ? `${p.discount_value}% off` : `${formatTaka(p.discount_value)} off`;
  return p.min_order ? `${off}, min ${formatTaka(p.min_order)}` : off;
}

export function scopeText(scope: PromoScope, names: Map<string, string>): string {
  if (scope.type === 'all') return 'All packages';
  const listed = scope.ids.map((id) => names.get(id) ?? id);
  const shown = listed.slice(0, 2).join(', ') + (listed.length > 2 ? ` +${listed.length - 2}` : '');
  return `${scope.type === 'products' ? 'Products' : 'Packages'}: ${shown}`;
}

export function windowText(p: Pick<AdminPromo, 'starts_at' | 'ends_at'>): string {
  if (p.starts_at && p.ends_at) return `${formatDateTime(p.starts_at)} – ${formatDateTime(p.ends_at)}`;
  if (p.starts_at) return `From ${formatDateTime(p.starts_at)}`;
  if (p.ends_at) return `Until ${formatDateTime(p.ends_at)}`;
  return 'Always';
}

export default function PromotionsSection() {
  const promos = useAdminGet('adminListPromos', { errorPrefix: 'Failed to load promo codes' });
  const products = useAdminGet('adminListProducts', { errorPrefix: 'Failed to load products' });
  const variants = useAdminGet('adminListVariants', { errorPrefix: 'Failed to load variants' });
  const [viewing, setViewing] = useState<string | null>(null);
  const crud = useCrud<PromoRow, PromoBody>({
    noun: 'Promo code',
    create: (body) => call('adminCreatePromo', { body }),
    update: (code, body) => call('adminUpdatePromo', { params: { code }, body }),
    // Codes are never deleted (their orders point at them): switch one off with 'Active'.
    remove: () => Promise.reject(new Error('Promo codes cannot be deleted')),
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
      title="Promotions"
      description="Promo codes for the checkout. The server prices every code and counts each use with its order, so a limit is never overrun."
      actions={<AddButton onClick={() => crud.open('new')}>Add Promo code</AddButton>}
    >
      <ListTable
        columns={['Code', 'Discount', 'Scope', 'Window', 'Uses', 'Status', 'Discount given', 'Actions']}
        loading={promos.isLoading}
        items={rows}
        empty="No promo codes yet"
        row={(p) => (
          <tr key={p.code} className="border-t" data-testid="promo-row" data-code={p.code}>
            <td className="font-mono font-medium">{p.code}</td>
            <td>{discountText(p)}</td>
            <td className="max-w-56">{scopeText(p.scope, names)}</td>
            <td className="text-xs">{windowText(p)}</td>
            <td data-testid="promo-uses">
              {p.uses} / {p.max_uses ?? '∞'}
              {p.max_uses_per_customer !== null && (
                <div className="text-xs text-muted-foreground">{p.max_uses_per_customer} per customer</div>
              )}
            </td>
            <td>{p.is_active ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>}</td>
            <td data-testid="promo-discount-given">{formatTaka(p.discount_given)}</td>
            <td>
              <div className="flex gap-1">
                <Button size="icon" variant="ghost" aria-label={`Edit ${p.code}`} onClick={() => crud.open(p)}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button size="icon" variant="ghost" aria-label={`Details of ${p.code}`} onClick={() => setViewing(p.code)}>
                  <BarChart3 aria-hidden="true" />
                </Button>
              </div>
            </td>
          </tr>
        )}
      />
      <CrudDialog crud={crud}>
        {(p, form) => (
          <PromoForm {...form} products={productOptions} variants={variantOptions} initial={p && promoFormValues(p)} />
        )}
      </CrudDialog>
      <PromoDetailDialog code={viewing} onClose={() => setViewing(null)} />
    </SectionCard>
  );
}
