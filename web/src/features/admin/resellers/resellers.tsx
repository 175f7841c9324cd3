import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { AddResellerDialog } from './add-reseller';
import { AddButton, useAdminMutation } from '../components/crud';
import { ActiveBadge, ListTable, SectionCard } from '../components/kit';
import { ResellerCallbacksTable } from './reseller-callbacks';
import { ResellerKeysTable } from './reseller-keys';
import { ResellerPriceForm, resellerFormValues, type ResellerBody } from './reseller-price-form';
import { useAdminGet, usePagedList } from '../hooks/use-admin-queries';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../settings/messages';

type Catalogue = Parameters<typeof AddResellerDialog>[0]['catalogue'];

/** The products and variants the price lists are written against. */
function useCatalogue(): Catalogue {
  const t = useT();
  const products = useAdminGet('adminListProducts', { errorPrefix: t('failedLoadProducts') });
  const variants = useAdminGet('adminListVariants', { errorPrefix: t('failedLoadVariants') });
  return {
    products: [...(products.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    variants: [...(variants.data?.items ?? [])].sort((a, b) => a.price - b.price),
  };
}

export default function ResellersSection() {
  const t = useT();
  const { money, date, number } = useFormat();
  const list = usePagedList('adminListResellers', {}, { errorPrefix: t('failedLoadResellers') });
  const catalogue = useCatalogue();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title={t('resellers')}
        description={t('resellersDescription')}
        actions={<AddButton onClick={() => setAdding(true)}>{t('addReseller')}</AddButton>}
      >
        <ListTable
          columns={[
            t('colEmail'),
            t('colBalance'),
            t('colPriceList'),
            t('colCallbackUrl'),
            t('status'),
            t('colSince'),
            t('actions'),
          ]}
          list={list}
          empty={t('noResellers')}
          row={(r) => (
            <tr key={r.user_id} className="border-t" data-testid="reseller-row" data-email={r.email}>
              <td className="break-all">{r.email}</td>
              <td>{money(r.balance)}</td>
              <td className="text-xs">
                {t('priceListSummary', {
                  prices: number(Object.keys(r.prices).length),
                  discounts: number(Object.keys(r.product_discounts).length),
                })}
              </td>
              <td className="max-w-48 break-all text-xs">{r.callback_url ?? '—'}</td>
              <td>
                <ActiveBadge active={r.is_active} t={t} />
              </td>
              <td className="whitespace-nowrap">{date(r.created_at)}</td>
              <td>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('manageReseller', { email: r.email })}
                  onClick={() => setSelected(r.user_id)}
                >
                  {t('manage')}
                </Button>
              </td>
            </tr>
          )}
        />
      </SectionCard>
      {selected && (
        <ResellerDetail
          key={selected}
          userId={selected}
          catalogue={catalogue}
          onClose={() => setSelected(null)}
        />
      )}
      <AddResellerDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={setSelected}
        catalogue={catalogue}
      />
    </div>
  );
}

/** One reseller: the price list and active flag, their keys, their callbacks. */
function ResellerDetail({
  userId,
  catalogue,
  onClose,
}: {
  userId: string;
  catalogue: Catalogue;
  onClose: () => void;
}) {
  const t = useT();
  const { money } = useFormat();
  const detail = useAdminGet('adminGetReseller', {
    params: { userId },
    errorPrefix: t('failedLoadReseller'),
  });
  const save = useAdminMutation(
    (body: ResellerBody) => call('adminPutReseller', { params: { userId }, body }),
    {
      success: t('resellerUpdated'),
      refresh: ['adminListResellers', 'adminGetReseller'],
    },
  );
  const reseller = detail.data?.reseller;
  return (
    <>
      <SectionCard
        title={t('resellerTitle', { email: reseller?.email ?? '' })}
        description={
          reseller
            ? t('resellerSummary', {
                balance: money(reseller.balance),
                url: reseller.callback_url ?? t('noUrlYet'),
              })
            : t('loading')
        }
        actions={
          <Button variant="ghost" size="icon" aria-label={t('closeReseller')} onClick={onClose}>
            <X aria-hidden="true" />
          </Button>
        }
      >
        {reseller && (
          <ResellerPriceForm
            key={reseller.updated_at}
            {...catalogue}
            initial={resellerFormValues(reseller)}
            pending={save.isPending}
            submitText={t('savePriceList')}
            onSubmit={(body) => save.mutate(body)}
          />
        )}
      </SectionCard>
      <SectionCard title={t('apiKeys')} description={t('apiKeysDescription')}>
        <ResellerKeysTable userId={userId} keys={detail.data?.keys ?? []} loading={detail.isLoading} />
      </SectionCard>
      <SectionCard title={t('callbacks')} description={t('callbacksDescription')}>
        <ResellerCallbacksTable userId={userId} />
      </SectionCard>
    </>
  );
}
