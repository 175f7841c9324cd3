import { X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { AddResellerDialog } from '../components/add-reseller';
import { AddButton, useAdminMutation } from '../components/crud';
import { ListTable, LoadMore, SectionCard } from '../components/kit';
import { ResellerCallbacksTable } from '../components/reseller-callbacks';
import { ResellerKeysTable } from '../components/reseller-keys';
import { ResellerPriceForm, resellerFormValues, type ResellerBody } from '../components/reseller-price-form';
import { useAdminGet, usePagedList } from '../hooks/use-admin-queries';
import { formatDateTime, formatTaka } from '../lib/format';

type Catalogue = Parameters<typeof AddResellerDialog>[0]['catalogue'];

/** The products and variants the price lists are written against. */
function useCatalogue(): Catalogue {
  const products = useAdminGet('adminListProducts', { errorPrefix: 'Failed to load products' });
  const variants = useAdminGet('adminListVariants', { errorPrefix: 'Failed to load variants' });
  return {
    products: [...(products.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    variants: [...(variants.data?.items ?? [])].sort((a, b) => a.price - b.price),
  };
}

export default function ResellersSection() {
  const list = usePagedList('adminListResellers', {}, { errorPrefix: 'Failed to load resellers' });
  const catalogue = useCatalogue();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title="Resellers"
        description="Customers who buy at their own prices through the signed reseller API, paid from their wallet."
        actions={<AddButton onClick={() => setAdding(true)}>Add Reseller</AddButton>}
      >
        <ListTable
          columns={['Email', 'Balance', 'Price list', 'Callback URL', 'Status', 'Since', 'Actions']}
          loading={list.isLoading}
          items={list.items}
          empty="No resellers yet"
          row={(r) => (
            <tr key={r.user_id} className="border-t" data-testid="reseller-row" data-email={r.email}>
              <td className="break-all">{r.email}</td>
              <td>{formatTaka(r.balance)}</td>
              <td className="text-xs">
                {Object.keys(r.prices).length} wholesale prices, {Object.keys(r.product_discounts).length} product discounts
              </td>
              <td className="max-w-48 break-all text-xs">{r.callback_url ?? '—'}</td>
              <td>{r.is_active ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>}</td>
              <td className="whitespace-nowrap">{formatDateTime(r.created_at)}</td>
              <td>
                <Button size="sm" variant="outline" aria-label={`Manage ${r.email}`} onClick={() => setSelected(r.user_id)}>
                  Manage
                </Button>
              </td>
            </tr>
          )}
        />
        <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
      </SectionCard>
      {selected && <ResellerDetail key={selected} userId={selected} catalogue={catalogue} onClose={() => setSelected(null)} />}
      <AddResellerDialog open={adding} onClose={() => setAdding(false)} onAdded={setSelected} catalogue={catalogue} />
    </div>
  );
}

/** One reseller: the price list and active flag, their keys, their callbacks. */
function ResellerDetail({ userId, catalogue, onClose }: { userId: string; catalogue: Catalogue; onClose: () => void }) {
  const detail = useAdminGet('adminGetReseller', { params: { userId }, errorPrefix: 'Failed to load the reseller' });
  const save = useAdminMutation((body: ResellerBody) => call('adminPutReseller', { params: { userId }, body }), {
    success: 'Reseller updated',
    refresh: ['adminListResellers', 'adminGetReseller'],
  });
  const reseller = detail.data?.reseller;
  return (
    <>
      <SectionCard
        title={`Reseller ${reseller?.email ?? ''}`}
        description={reseller ? `Balance ${formatTaka(reseller.balance)} · callbacks to ${reseller.callback_url ?? 'no URL yet'}` : 'Loading…'}
        actions={
          <Button variant="ghost" size="icon" aria-label="Close reseller" onClick={onClose}>
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
            submitText="Save price list"
            onSubmit={(body) => save.mutate(body)}
          />
        )}
      </SectionCard>
      <SectionCard title="API keys" description="Created by the reseller on their page; the secret is shown to them once.">
        <ResellerKeysTable userId={userId} keys={detail.data?.keys ?? []} loading={detail.isLoading} />
      </SectionCard>
      <SectionCard title="Callbacks" description="Order events sent to the reseller's URL, retried with back-off for 24 hours.">
        <ResellerCallbacksTable userId={userId} />
      </SectionCard>
    </>
  );
}
